// "Orders that need attention" (spec part 2 §2, §4; part 3 §4): the list's orders whose agent or a
// recipient was terminated, that were reassigned, or whose funds are no longer all active, each with
// its reasons; choosing one opens its card.
import { Alert, Anchor, List, Text } from '@mantine/core';
import type { OrderSummaryDto } from '#shared/api/orders.ts';
import { ORDER_CARD_TEXTS, type AttentionReason } from '#shared/orders/order.ts';

export interface AttentionBannerProps {
  entries: { order: OrderSummaryDto; reasons: AttentionReason[] }[];
  onShow: (orderId: string) => void;
}

export function AttentionBanner({ entries, onShow }: AttentionBannerProps) {
  if (entries.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={ORDER_CARD_TEXTS.banner} role="region" aria-label={ORDER_CARD_TEXTS.banner}>
      <List size="sm" spacing={4}>
        {entries.map(({ order, reasons }) => (
          <List.Item key={order.OrderId}>
            <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onShow(order.OrderId)}>
              {order.Description}
            </Anchor>{' '}
            <Text span size="sm">
              ({reasons.map((r) => ORDER_CARD_TEXTS[r]).join('; ')})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
