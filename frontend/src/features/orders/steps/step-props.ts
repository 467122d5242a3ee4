// What every step component of the two order wizards receives: the wizard's one form over the order
// draft, and which flow it is in.
import type { UseFormReturnType } from '@mantine/form';
import type { Flow, OrderDraft } from '../wizard/order-draft.ts';

export type OrderForm = UseFormReturnType<OrderDraft>;

export interface StepProps {
  form: OrderForm;
  flow: Flow;
}
