// The browser entry: configuration checked first, then React Query, Mantine in the user's look,
// and the router.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Parsed before any screen module runs, so a bad VITE_* value stops the app at once.
import './config.ts';
import { LookProvider } from './components/look-provider.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LookProvider>
        <RouterProvider router={router} />
      </LookProvider>
    </QueryClientProvider>
  </StrictMode>,
);
