// Skeleton placeholders while a page's first load runs (spec part 1 §2.2, page wrapper).
import { Skeleton, Stack } from '@mantine/core';

export function PageSkeleton() {
  return (
    <Stack gap="sm" p="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={28} width="40%" />
      <Skeleton height={16} />
      <Skeleton height={16} />
      <Skeleton height={16} width="70%" />
    </Stack>
  );
}
