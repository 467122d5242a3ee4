// Who is signed in, for the top bar (spec part 1 §2.2): agents see name and agent id, e-mail, Balance,
// Time Zone and Zip Code; admins name, e-mail and the word Admin with no balance; other staff name
// and e-mail. In mobile mode the same details sit stacked at the top of the drawer.
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '@/api/get-me.ts';
import { headerDetails } from './account-state.ts';

interface FigureProps {
  label: string;
  children: ReactNode;
  /** In the drawer: one figure per row, label and value at the row's two ends. */
  stacked: boolean;
  /** In a narrow header: the label over the value, so each figure is only as wide as the longer one. */
  labelAbove: boolean;
}

function Figure({ label, children, stacked, labelAbove }: FigureProps) {
  const Layout = labelAbove ? Stack : Group;
  return (
    <Layout gap={labelAbove ? 0 : 6} wrap="nowrap" justify={stacked ? 'space-between' : undefined}>
      <Text size="xs" lh={labelAbove ? 1.3 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={700} lh={labelAbove ? 1.3 : undefined}>
        {children}
      </Text>
    </Layout>
  );
}

/** `stacked`: the drawer's one-per-row layout; `figuresStacked`: each figure's label over its value. */
export function UserDetails({ stacked = false, figuresStacked = false }: { stacked?: boolean; figuresStacked?: boolean }) {
  const details = headerDetails(useMe());
  const Layout = stacked ? Stack : Group;
  const labelAbove = !stacked && figuresStacked;
  return (
    <Layout gap={stacked ? 4 : figuresStacked ? 'md' : 'lg'} wrap="nowrap" data-testid="header-user" data-kind={details.kind}>
      <Stack gap={0}>
        <Text size="sm" fw={700} lh={1.3}>
          {details.name}
          {details.kind === 'agent' && ` (${details.agentId})`}
        </Text>
        <Text size="xs" lh={1.3}>
          {details.email}
        </Text>
      </Stack>
      {details.kind === 'admin' && (
        // tt="none": Mantine's badge upper-cases its label, and the spec's word is Admin.
        <Badge color="white" c="dark" variant="filled" radius="sm" tt="none">
          Admin
        </Badge>
      )}
      {details.kind === 'agent' && (
        <>
          <Figure label="Balance" stacked={stacked} labelAbove={labelAbove}>
            {details.balance}
          </Figure>
          <Figure label="Time Zone" stacked={stacked} labelAbove={labelAbove}>
            {details.timeZone}
          </Figure>
          <Figure label="Zip Code" stacked={stacked} labelAbove={labelAbove}>
            {details.zip}
          </Figure>
        </>
      )}
    </Layout>
  );
}

/** Under 700 px the top bar keeps only the agent's balance; the other details move into the drawer. */
export function HeaderBalance() {
  const details = headerDetails(useMe());
  if (details.kind !== 'agent') return null;
  return (
    <Text size="sm" fw={700} data-testid="header-balance" aria-label={`Balance ${details.balance}`}>
      {details.balance}
    </Text>
  );
}
