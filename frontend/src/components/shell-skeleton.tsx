// What the signed-in area shows while its first load (user, configuration, flags) runs: the shape of
// the shell in skeletons, so the page does not jump when it arrives (spec part 1 §2.2).
import { Box, Group, Skeleton } from '@mantine/core';
import { PageSkeleton } from './page-skeleton.tsx';

export function ShellSkeleton() {
  return (
    // data-shell-skeleton marks it, and index.html's static copy, for the slow-load browser test.
    <Box data-shell-skeleton>
      <Group h={64} px="md" justify="space-between" bg="gray.1">
        <Skeleton height={32} width={220} />
        <Skeleton height={32} width={360} />
      </Group>
      <PageSkeleton />
    </Box>
  );
}
