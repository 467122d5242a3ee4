// The signed-in shell (spec part 1 §2.2): top bar, drawer, banners above the page, the First Time
// Setup, Zip Code Verification and Available Funds dialogs, the session idle refresh and the live
// notifications. Under
// 700 px the drawer closes and mobile mode turns on.
import { AppShell } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { submitSignOut } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { seesOwnLeads } from '@/api/notifications.ts';
import { needsFirstTimeSetup, needsZipVerification } from './shell/account-state.ts';
import { AvailableFundsDialog } from './shell/available-funds-dialog.tsx';
import { Banners } from './shell/banners.tsx';
import { FirstTimeSetupDialog } from './shell/first-time-setup-dialog.tsx';
import { NavDrawer } from './shell/nav-drawer.tsx';
import { ShellContext, type Shell } from './shell/shell-context.ts';
import { TopBar } from './shell/top-bar.tsx';
import { useIdleRefresh } from './shell/use-idle-refresh.ts';
import { useLiveNotifications } from './shell/use-live-notifications.tsx';
import { ZipCodeDialog } from './shell/zip-code-dialog.tsx';

/**
 * Spec part 1 §9: mobile breakpoint 700 px, so 699 px and narrower is mobile. Mantine's AppShell
 * collapses the mobile drawer below `breakpoint - 0.1` px and shows the desktop one from `breakpoint`
 * on, so it is given 700 and the mode query the same edge: at 699 px both agree the drawer is closed.
 */
const MOBILE_BREAKPOINT_PX = 700;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.1}px)`;
const DRAWER_WIDTH_PX = 260;

/**
 * The drawer is open by default on a wide screen and closed in mobile mode. Entering mobile mode
 * closes it again even if it was opened there before, as the spec says.
 */
function useDrawer(isMobile: boolean) {
  const [desktopOpened, setDesktopOpened] = useState(true);
  const [mobileOpened, setMobileOpened] = useState(false);
  const [lastMode, setLastMode] = useState(isMobile);
  if (lastMode !== isMobile) {
    // Adjusting state while rendering (not in an effect) avoids one frame with the drawer over the page.
    setLastMode(isMobile);
    setMobileOpened(false);
  }
  return {
    desktopOpened,
    mobileOpened,
    opened: isMobile ? mobileOpened : desktopOpened,
    toggle: () => (isMobile ? setMobileOpened((o) => !o) : setDesktopOpened((o) => !o)),
    closeOnMobile: () => setMobileOpened(false),
  };
}

export function AppFrame({ children }: { children: ReactNode }) {
  const me = useMe();
  const { Account, AgentId } = me;
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const drawer = useDrawer(isMobile);
  const [signingOut, setSigningOut] = useState(false);
  const [fundsOpened, setFundsOpened] = useState(false);
  const [zipDismissed, setZipDismissed] = useState(false);
  useIdleRefresh();
  useLiveNotifications(AgentId, { seesLeads: seesOwnLeads(me) });

  const signOut = useCallback(() => {
    setSigningOut(true);
    void submitSignOut();
  }, []);
  const shell = useMemo<Shell>(() => ({ isMobile, signingOut, signOut }), [isMobile, signingOut, signOut]);

  const firstTimeSetup = needsFirstTimeSetup(Account);
  return (
    <ShellContext.Provider value={shell}>
      <AppShell
        header={{ height: 64 }}
        navbar={{
          width: DRAWER_WIDTH_PX,
          breakpoint: MOBILE_BREAKPOINT_PX,
          collapsed: { mobile: !drawer.mobileOpened, desktop: !drawer.desktopOpened },
        }}
        padding={0}
      >
        <TopBar drawerOpened={drawer.opened} onToggleDrawer={drawer.toggle} />
        <NavDrawer onOpenAvailableFunds={() => setFundsOpened(true)} onChoose={drawer.closeOnMobile} />
        <AppShell.Main>
          <Banners />
          {children}
        </AppShell.Main>
      </AppShell>
      <FirstTimeSetupDialog />
      {/* One dialog at a time: the blocking time zone setup comes first. */}
      {Account && !firstTimeSetup && needsZipVerification(Account) && !zipDismissed && (
        <ZipCodeDialog account={Account} onClose={() => setZipDismissed(true)} />
      )}
      <AvailableFundsDialog opened={fundsOpened} onClose={() => setFundsOpened(false)} />
    </ShellContext.Provider>
  );
}
