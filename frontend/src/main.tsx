// The browser entry: configuration checked first, then Mantine, React Query and the router.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Parsed before any screen module runs, so a bad VITE_* value stops the app at once.
import './config.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { themeFor } from './theme.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    {/* The signed-in user's agent type will pick the look once sign-in exists; captive is the default. */}
    <MantineProvider theme={themeFor('captive')}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
