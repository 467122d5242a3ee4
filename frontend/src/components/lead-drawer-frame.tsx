// The drawer one lead opens in (staff on All Leads, a vendor on the partner portal's Leads and
// Returns): from the right, full width on a phone, with a loader while the lead loads and the
// server's message when it cannot be; the caller draws the lead, in titled sections.
import { Alert, Drawer, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from './server-data-table.tsx';

interface LeadDrawerFrameProps<T> {
  title: string;
  /** The lead's call. */
  detail: UseQueryResult<T>;
  onClose: () => void;
  /** The loaded lead, drawn. */
  children: (data: T) => ReactNode;
}

export function LeadDrawerFrame<T>({ title, detail, onClose, children }: LeadDrawerFrameProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Drawer opened onClose={onClose} position="right" size={phone ? '100%' : 'lg'} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {detail.isPending && <Loader size="sm" role="status" aria-label="Loading the lead" />}
      {detail.isError && (
        <Alert color="red" title="The lead could not be loaded.">
          {detail.error.message}
        </Alert>
      )}
      {detail.data !== undefined && children(detail.data)}
    </Drawer>
  );
}

/** A titled part of the lead (its reasons, its sales, its disputes...). */
export function LeadSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
