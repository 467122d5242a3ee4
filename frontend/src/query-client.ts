// The React Query client: server state stays fresh for 5 minutes and is never retried or refetched
// on window focus (spec part 1 §9); a failed call is shown, not silently repeated.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** Spec part 1 §8: "Any other API failure is only logged; no user message" unless a screen shows one. */
const logFailure = (error: Error) => console.error(error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    mutationCache: new MutationCache({ onError: logFailure }),
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
