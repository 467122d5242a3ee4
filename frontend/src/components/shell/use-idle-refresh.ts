// Runs the session idle counter while the signed-in shell is shown: every 30 s it rises, and above
// 540 s the user is refetched, so an expired session goes to sign-in and changed permissions show.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions } from '@/api/get-me.ts';
import { IDLE_TICK_MS, idleTick } from './idle-counter.ts';

export function useIdleRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let seconds = 0;
    const timer = window.setInterval(() => {
      const next = idleTick(seconds);
      seconds = next.seconds;
      if (next.refetch) void queryClient.refetchQueries({ queryKey: meQueryOptions.queryKey, exact: true });
    }, IDLE_TICK_MS);
    return () => window.clearInterval(timer);
  }, [queryClient]);
}
