// Mantine with the look of whoever is signed in: the broker look for broker agents, the captive look
// for everybody else and for visitors of the public forms (spec part 1 §1).
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { meQueryOptions } from '@/api/get-me.ts';
import { cssVariablesResolver, themeFor } from '@/theme.ts';
import { lookOf } from './shell/account-state.ts';

/**
 * The cached user, read without a query observer: the signed-in layout loads it and the public forms
 * never do. An observer here would also cancel the first load of the user when React mounts twice in
 * development, since the fetch would briefly have no observer left.
 */
function useCachedUser() {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData(meQueryOptions.queryKey),
  );
}

export function LookProvider({ children }: { children: ReactNode }) {
  const look = lookOf(useCachedUser()?.Account);
  const theme = useMemo(() => themeFor(look), [look]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" />
      {children}
    </MantineProvider>
  );
}
