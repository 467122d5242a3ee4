// The dev-only clock: the current time in the account's time zone (M/D/YYYY, h:mm:ss A), so a
// developer sees the time lead schedules and caps are computed in. Hidden in PROD.
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { formatDateTime } from '../date-time.ts';
import { useDevState, useIsDevEnvironment } from './dev-state.ts';

function Clock({ timeZone }: { timeZone: string | null }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text size="xs" ff="monospace" data-testid="dev-clock" title="Dev clock: the account's time zone">
      {formatDateTime(now, timeZone)}
    </Text>
  );
}

export function DevClock() {
  const isDev = useIsDevEnvironment();
  const [devState] = useDevState();
  const timeZone = useMe().Account?.TimeZone ?? null;
  if (!isDev || !devState.showClock) return null;
  return <Clock timeZone={timeZone} />;
}
