// My Orders (/orders, the older list without fund orders), My Fund Orders (/fundorders) and their
// admin views (/viewOrders/..., /viewFundOrders/...), spec part 2 §2, §4, §6 and part 3 §4, §6: the
// New buttons, CSV export, the attention banner, search (fund list), Show Cancelled, 'Load
// Cancelled/Inactive Orders' (fund list), the count line and the order cards, newest first.
import { Button, Group, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_CARD_TEXTS, ORDER_STATUS } from '#shared/orders/order.ts';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useMe } from '@/api/get-me.ts';
import { AdminAgentHeader, type AdminAgent } from '@/components/admin-agent-header.tsx';
import { downloadFile } from '@/components/download.ts';
import { useExportOrders } from '../api/export-orders.ts';
import { orderAgentQueryOptions } from '../api/get-order-agent.ts';
import { useAttentionOrders } from '../api/list-attention-orders.ts';
import { useOrders } from '../api/list-orders.ts';
import { useSetOrderStatus } from '../api/set-order-status.ts';
import { AttentionBanner } from './attention-banner.tsx';
import { OrderCard } from './order-card.tsx';
import { FundOrderLink, NEW_ORDER_ID, NewCampaignOrderLink } from './order-links.tsx';
import { attentionEntries, attentionReasons, countLine, loadsActiveOnly, visibleOrders, type OrderListKind, type OrderListSearch } from './order-list-model.ts';
import { orderActions } from './order-permissions.ts';

export type SetOrderListSearch = (update: (previous: OrderListSearch) => OrderListSearch) => void;

export interface OrdersPageProps {
  kind: OrderListKind;
  /** The agent of the admin view; absent on the signed-in agent's own lists. */
  admin?: AdminAgent;
  search: OrderListSearch;
  setSearch: SetOrderListSearch;
}

const TITLES: Record<OrderListKind, string> = { fund: 'My Fund Orders', campaign: 'My Orders' };

export function OrdersPage({ kind, admin, search, setSearch }: OrdersPageProps) {
  const user = useMe();
  const agentId = admin?.agentID ?? user.AgentId;
  return (
    <Stack gap="md">
      {admin ? (
        <AdminAgentHeader agent={admin} current={kind === 'fund' ? 'fundOrders' : 'orders'} />
      ) : (
        <Title order={1} size="h2">
          {TITLES[kind]}
        </Title>
      )}
      <Text>{ORDER_CARD_TEXTS.subtitle}</Text>
      {agentId ? (
        // Keyed by agent: another agent's view starts with its cards folded.
        <AgentOrders key={agentId} agentId={agentId} kind={kind} admin={admin} search={search} setSearch={setSearch} />
      ) : (
        // A staff user holds the fund list's permission but has no orders of their own.
        <Title order={2} size="h4" c="dimmed">
          No agent account is linked to this user.
        </Title>
      )}
    </Stack>
  );
}

function AgentOrders({ agentId, kind, admin, search, setSearch }: OrdersPageProps & { agentId: string }) {
  const user = useMe();
  const flags = useFeatureFlags();
  const owner = useQuery({ ...orderAgentQueryOptions(agentId), enabled: admin !== undefined });
  const timeZone = admin ? owner.data?.TimeZone : user.Account?.TimeZone;
  const orders = useOrders(agentId, loadsActiveOnly(search));
  const attention = useAttentionOrders(agentId);
  const setStatus = useSetOrderStatus();
  const exporter = useExportOrders();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const listed = orders.data ?? [];
  const visible = visibleOrders(listed, kind, search);
  const reasons = attentionReasons(listed, attention.termed, attention.reassigned);
  const banner = attentionEntries(listed, attention.termed, attention.reassigned, kind);
  const actions = orderActions(user, {
    admin: admin ? { agentIsSubagent: Boolean(owner.data?.ParentAgentId) } : undefined,
    newFundOrderForStaff: flags.newFundOrderForStaff,
  });

  const expand = (orderId: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const show = (orderId: string) => {
    const order = listed.find((o) => o.OrderId === orderId);
    // A cancelled order is hidden until Show Cancelled is on.
    if (order?.Status === ORDER_STATUS.Cancelled && !search.showCancelled) setSearch((s) => ({ ...s, showCancelled: true }));
    if (search.q) setSearch((s) => ({ ...s, q: '' }));
    expand(orderId, true);
    requestAnimationFrame(() => document.getElementById(`order-${orderId}`)?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };

  return (
    <Stack gap="md">
      <AttentionBanner entries={banner} onShow={show} />
      <Group gap="sm">
        {kind === 'campaign' && actions.newFundOrder && (
          <FundOrderLink orderId={NEW_ORDER_ID} admin={admin}>
            New Fund Order
          </FundOrderLink>
        )}
        {kind === 'campaign' && actions.newCampaignOrder && <NewCampaignOrderLink admin={admin}>Create an Order</NewCampaignOrderLink>}
        {kind === 'fund' && actions.newFundOrder && (
          <FundOrderLink orderId={NEW_ORDER_ID} admin={admin}>
            New Order
          </FundOrderLink>
        )}
        <Button
          variant="outline"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(
              { agentId, fund: kind === 'fund', includeCancelled: search.showCancelled },
              { onSuccess: ({ Url, FileName }) => downloadFile(Url, FileName) },
            )
          }
        >
          CSV Export
        </Button>
      </Group>
      <Group gap="md" align="flex-end">
        {kind === 'fund' && (
          <TextInput
            label="Search"
            placeholder="Order name, number, fund or agent"
            value={search.q}
            onChange={(event) => {
              const q = event.currentTarget.value;
              setSearch((s) => ({ ...s, q }));
            }}
            style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
          />
        )}
        <Switch
          label="Show Cancelled"
          checked={search.showCancelled}
          onChange={(event) => {
            const showCancelled = event.currentTarget.checked;
            setSearch((s) => ({ ...s, showCancelled }));
          }}
          mb={6}
        />
        {kind === 'fund' && !search.all && (
          <Button variant="light" onClick={() => setSearch((s) => ({ ...s, all: true, showCancelled: true }))}>
            {ORDER_CARD_TEXTS.loadCancelled}
          </Button>
        )}
      </Group>
      {orders.isPending ? (
        <Skeleton height={160} />
      ) : (
        <>
          <Text size="sm" data-testid="order-count" aria-live="polite">
            {countLine(visible)}
          </Text>
          {visible.shown.length === 0 ? (
            <Text c="dimmed">{ORDER_CARD_TEXTS.empty}</Text>
          ) : (
            <Stack gap="sm" aria-busy={orders.isFetching || undefined}>
              {visible.shown.map((order) => (
                <OrderCard
                  key={order.OrderId}
                  order={order}
                  reasons={reasons.get(order.OrderId) ?? []}
                  actions={actions}
                  timeZone={timeZone}
                  admin={admin}
                  expanded={expanded.has(order.OrderId)}
                  onExpandedChange={(open) => expand(order.OrderId, open)}
                  statusPending={setStatus.isPending && setStatus.variables.orderId === order.OrderId}
                  onSetStatus={(status) => setStatus.mutateAsync({ agentId, orderId: order.OrderId, status })}
                />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
