// The React Query client: server state stays fresh for 5 minutes and is never retried or refetched
// on window focus (architecture guide); a failed call is shown, not silently repeated.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
