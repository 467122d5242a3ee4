// The dev-only clock: the current time in the account's time zone (M/D/YYYY, h:mm:ss A), so a
// developer sees the time lead schedules and caps are computed in. Hidden in PROD.
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useMe } from '@/api/get-me.ts';
import { formatDateTime } from '../date-time.ts';
import { useDevState, useIsDevEnvironment } from './dev-state.ts';

function Clock({ timeZone, twoLines }: { timeZone: string | null; twoLines: boolean }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const [date, time] = formatDateTime(now, timeZone).split(', ');
  return (
    <Text size="xs" ff="monospace" data-testid="dev-clock" title="Dev clock: the account's time zone" lh={1.3}>
      {date}
      {twoLines ? <br /> : ', '}
      {time}
    </Text>
  );
}

/** `twoLines` puts the time under the date, for a narrow header. */
export function DevClock({ twoLines = false }: { twoLines?: boolean }) {
  const isDev = useIsDevEnvironment();
  const [devState] = useDevState();
  const timeZone = useMe().Account?.TimeZone ?? null;
  if (!isDev || !devState.showClock) return null;
  return <Clock timeZone={timeZone} twoLines={twoLines} />;
}
