// The fund order wizard (spec part 2 §2, §4, §5): a vertical stepper over Order Name, Select Funds,
// Select Regions, Lead Frequency, Lead Distribution, Order Schedule and Review Order. Next checks the
// step it leaves; headers jump to any step but Review, which opens only when every step passes and
// Distribution has been visited; Submit asks for agreement to the conditions, then saves and goes to
// the fund orders list. Edit starts from the order as stored (its Revision guards the save).
import { Alert, Box, Button, Flex, Group, Stack, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { OrderDto } from '#shared/api/orders.ts';
import { ORDER_WIZARD_TEXTS } from '#shared/orders/order.ts';
import { editOrderQueryOptions } from '../api/get-order.ts';
import { orderFundsQueryOptions } from '../api/list-order-funds.ts';
import { useSaveFundOrder } from '../api/save-order.ts';
import { DistributionStep } from '../steps/distribution-step.tsx';
import { FrequencyStep } from '../steps/frequency-step.tsx';
import { FundsStep } from '../steps/funds-step.tsx';
import { NameStep } from '../steps/name-step.tsx';
import { RegionsStep } from '../steps/regions-step.tsx';
import { ReviewStep } from '../steps/review-step.tsx';
import { ScheduleStep } from '../steps/schedule-step.tsx';
import { snackbar } from '../steps/snackbar.ts';
import { AgreementDialog } from './agreement-dialog.tsx';
import { fillRateBody } from './fill-rate-body.ts';
import { draftFromOrder, FUND_STEPS, fundOrderBody, newDraft, type OrderDraft } from './order-draft.ts';
import { useOrderOwner, type AdminTarget } from './order-owner.ts';
import { LeavePrompt, staysOnPage } from '@/components/leave-prompt.tsx';
import { OrderStepper } from './order-stepper.tsx';
import { useOrderWizard } from './use-order-wizard.ts';
import { ApiError } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { PageSkeleton } from '@/components/page-skeleton.tsx';

/** The orderID of a new fund order's route (/fundOrder/new). */
export const NEW_ORDER_ID = 'new';

/** Fund orders lists: leaving for them never asks (2§2). */
export const isFundOrdersList = (pathname: string) => /^\/(fundorders|viewFundOrders\/[^/]+\/[^/]+\/[^/]+)\/?$/.test(pathname);

interface FundOrderPageProps {
  orderId: string;
  admin?: AdminTarget | undefined;
  step: number;
  onStepChange: (step: number) => void;
}

/** Loads what the wizard starts from: the funds, and for an edit the order (missing: back to the list). */
export function FundOrderPage({ orderId, admin, step, onStepChange }: FundOrderPageProps) {
  const who = useOrderOwner(admin);
  const navigate = useNavigate();
  const editing = orderId !== NEW_ORDER_ID;
  const order = useQuery({ ...editOrderQueryOptions(who.owner.AgentId, orderId), enabled: editing && who.owner.AgentId !== '' });
  const missing = editing && (order.isError || (order.isSuccess && order.data === null));
  useEffect(() => {
    if (!missing) return;
    // 2§4: an order that is not found sends an admin back to that agent's fund orders.
    if (admin) void navigate({ to: '/viewFundOrders/$agentID/$firstName/$lastName', params: admin, replace: true });
    else void navigate({ to: '/fundorders', replace: true });
  }, [missing, admin, navigate]);
  if (editing && (!order.data || missing)) return <PageSkeleton />;
  return <FundOrderWizard key={orderId} order={order.data ?? undefined} admin={admin} step={step} onStepChange={onStepChange} />;
}

interface FundOrderWizardProps {
  order: OrderDto | undefined;
  admin: AdminTarget | undefined;
  step: number;
  onStepChange: (step: number) => void;
}

function FundOrderWizard({ order, admin, step, onStepChange }: FundOrderWizardProps) {
  const who = useOrderOwner(admin);
  const me = useMe();
  const funds = useSuspenseQuery(orderFundsQueryOptions).data;
  const navigate = useNavigate();
  const [initial] = useState<OrderDraft>(() => (order ? draftFromOrder(order) : newDraft(who.owner)));
  // One id per wizard session: sending the same create again answers the order already saved.
  const [orderId] = useState(() => order?.OrderId ?? crypto.randomUUID());
  const [agreeing, setAgreeing] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSaveFundOrder();
  const w = useOrderWizard({
    flow: 'fund',
    steps: FUND_STEPS,
    initial,
    editing: order !== undefined,
    who,
    funds,
    records: [],
    loadedRecipients: order?.OrderRecipients ?? [],
    urlStep: step,
    onStepChange,
  });
  const reviewIndex = FUND_STEPS.length - 1;
  const reviewReady = () => FUND_STEPS.every((s) => w.valid(s.id)) && w.visited.has('distribution');
  // A URL pointing at Review before the order is complete shows the first step.
  const active = w.active === reviewIndex && !reviewReady() ? 0 : w.active;
  const current = FUND_STEPS[active]!;

  const open = (index: number) => {
    if (index === reviewIndex && !reviewReady()) return snackbar(ORDER_WIZARD_TEXTS.allStepsRequired);
    // The description step marks the funds step visited (2§4).
    if (current.id === 'name') w.setVisited((v) => new Set([...v, 'funds']));
    w.goTo(index);
  };

  const next = () => {
    if (!w.validate(current.id)) return;
    open(active + 1);
  };

  const submit = () => {
    if (!reviewReady()) return snackbar(ORDER_WIZARD_TEXTS.allStepsRequired);
    setAgreeing(true);
  };

  const agreeAndSave = () => {
    save.mutate(
      { agentId: who.owner.AgentId, editing: order !== undefined, body: fundOrderBody(w.draft, orderId, order?.Revision) },
      {
        onSuccess: () => {
          setSaved(true);
          setAgreeing(false);
          if (admin) void navigate({ to: '/viewFundOrders/$agentID/$firstName/$lastName', params: admin });
          else void navigate({ to: '/fundorders' });
        },
        // 2§8: a failed save only ends the saving state; a stale one says so (issue 10: "a save with a
        // stale version is refused with a clear message"), as reloading is the only way on.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) snackbar(ORDER_WIZARD_TEXTS.stale, { autoClose: false });
        },
      },
    );
  };

  // 2§2 Edit order: the same steps, titled for the order's agent.
  const title = order ? `Edit order for ${who.owner.FirstName} ${who.owner.LastName}`.trim() : 'New Fund Order';
  const body = (() => {
    switch (current.id) {
      case 'name':
        return <NameStep form={w.form} flow="fund" />;
      case 'funds':
        return <FundsStep form={w.form} funds={funds} orderFunds={order?.Funds} today={w.ctx.today} agentType={who.adminView || me.IsFundPreview ? undefined : who.type} onLiveTransferChosen={w.resetToOwner} />;
      case 'regions':
        return <RegionsStep form={w.form} flow="fund" />;
      case 'frequency':
        return <FrequencyStep form={w.form} flow="fund" />;
      case 'distribution':
        return <DistributionStep form={w.form} flow="fund" owner={who.owner} ownerIsYou={who.ownerIsYou} downline={w.downline} agents={w.agents} liveTransfer={w.liveTransfer} editable />;
      case 'schedule':
        return <ScheduleStep form={w.form} flow="fund" />;
      default:
        return <ReviewStep draft={w.draft} flow="fund" steps={FUND_STEPS} owner={who.owner} funds={funds} orderFunds={order?.Funds} records={[]} onEdit={open} fillRate={fillRateBody(w.draft, 'fund', order?.OrderId)} />;
    }
  })();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {admin && (
        <Alert color="orange" title="Admin view" role="note">
          You are {order ? 'editing' : 'creating'} a fund order for {who.owner.FirstName} {who.owner.LastName} ({who.owner.AgentId}). It will be saved as this agent's order.
        </Alert>
      )}
      <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="flex-start">
        <Box w={{ base: '100%', sm: 230 }} style={{ flexShrink: 0 }}>
          <OrderStepper
            steps={FUND_STEPS}
            active={active}
            states={FUND_STEPS.map((s, i) => ({ enabled: true, done: w.visited.has(s.id) && i !== reviewIndex && w.valid(s.id) }))}
            onSelect={open}
          />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} w="100%">
          <Stack gap="md" component="section" aria-labelledby="order-step-title">
            <Title order={2} size="h3" id="order-step-title">
              {current.title}
            </Title>
            {body}
            <Group justify="space-between">
              {active > 0 ? (
                <Button variant="default" onClick={() => w.goTo(active - 1)}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              {current.id === 'review' ? <Button onClick={submit}>Submit</Button> : <Button onClick={next}>Next</Button>}
            </Group>
          </Stack>
        </Box>
      </Flex>
      <AgreementDialog opened={agreeing} saving={save.isPending} saveLabel="Agree & Save" onSave={agreeAndSave} onClose={() => setAgreeing(false)} />
      {/* Part 2 §2: "Leaving the page prompts" (no prompt when going to the fund orders list): unlike the campaign flow's, with or without changes. */}
      <LeavePrompt when={!saved} text={ORDER_WIZARD_TEXTS.fundLeavePrompt} letsThrough={(current, next) => staysOnPage(current, next) || isFundOrdersList(next.pathname)} />
    </Stack>
  );
}
