// The fill-rate preview's body from the wizard's draft (shared/api/fill-rate.ts): the choices the
// estimate rests on, whichever wizard holds them. Caps are normalised as the save normalises them.
import type { FillRateBody } from '#shared/api/fill-rate.ts';
import { toDayFlags } from '#shared/orders/order.ts';
import { normalisedCap, type Flow, type OrderDraft } from './order-draft.ts';

export function fillRateBody(draft: OrderDraft, flow: Flow, orderId?: string): FillRateBody {
  const common = {
    ...(orderId ? { OrderId: orderId } : {}),
    StatesOnly: draft.StatesOnly,
    States: draft.StatesOnly ? draft.States.map((s) => ({ StateAbbreviation: s.StateAbbreviation })) : [],
    ZipCodes: draft.StatesOnly ? [] : draft.ZipCodes,
    MaxPerHour: normalisedCap(draft.MaxPerHour),
    MaxPerDay: normalisedCap(draft.MaxPerDay),
    MaxPerWeek: normalisedCap(draft.MaxPerWeek),
    MaxPerMonth: normalisedCap(draft.MaxPerMonth),
  };
  return flow === 'fund'
    ? { Flow: 'fund', SelectedFunds: draft.SelectedFunds, ...common, OrderTimeSlots: draft.OrderTimeSlots.map((s) => ({ StartSlot: s.StartSlot, EndSlot: s.EndSlot, Days: s.Days })) }
    : { Flow: 'campaign', Campaigns: draft.Campaigns, ...common, OrderTimeSlots: draft.OrderTimeSlots.map((s) => ({ StartSlot: s.StartSlot, EndSlot: s.EndSlot, ...toDayFlags(s.Days) })) };
}
