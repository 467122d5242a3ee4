// What the shell shares with the pages inside it: whether the screen is in mobile mode (under 700 px,
// spec part 1 §9) and the sign-out in progress, during which the page wrapper shows skeletons.
import { createContext, useContext } from 'react';

export interface Shell {
  isMobile: boolean;
  signingOut: boolean;
  signOut: () => void;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell is used outside the signed-in AppFrame');
  return shell;
}
