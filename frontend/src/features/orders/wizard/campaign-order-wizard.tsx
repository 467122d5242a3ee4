// The older campaign-based order wizard (spec part 2 §2, §4, §5): eight steps from Order Name to Review
// Order, each enabled once the step before it has been visited (moving to a step visits it); Order
// Schedule and Review also need a valid distribution, and the distribution step shows a warning while
// it is invalid. The step components are the fund flow's, in the campaign flow. Reset asks first;
// Confirm & Save shows the save's outcome, whose Close returns to the orders list after a success.
import { Alert, Box, Button, Flex, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { OrderDto } from '#shared/api/orders.ts';
import { ORDER_WIZARD_TEXTS } from '#shared/orders/order.ts';
import { campaignDistributionEditable } from '#shared/orders/step-distribution.ts';
import { companyDay } from '#shared/time-zones.ts';
import { ApiError } from '@/api/client.ts';
import { PageSkeleton } from '@/components/page-skeleton.tsx';
import { SaveOutcomeDialog, type SaveOutcome } from '@/components/save-outcome-dialog.tsx';
import { editOrderQueryOptions } from '../api/get-order.ts';
import { campaignVendorsQueryOptions, currentCampaignRecords } from '../api/list-campaign-vendors.ts';
import { useSaveCampaignOrder } from '../api/save-order.ts';
import { CampaignsStep, VendorsStep } from '../steps/campaign-steps.tsx';
import { DistributionStep } from '../steps/distribution-step.tsx';
import { FrequencyStep } from '../steps/frequency-step.tsx';
import { NameStep } from '../steps/name-step.tsx';
import { RegionsStep } from '../steps/regions-step.tsx';
import { ReviewStep } from '../steps/review-step.tsx';
import { ScheduleStep } from '../steps/schedule-step.tsx';
import { AgreementDialog } from './agreement-dialog.tsx';
import { fillRateBody } from './fill-rate-body.ts';
import { CAMPAIGN_STEPS, campaignOrderBody, draftFromOrder, newDraft, type OrderDraft, type StepId } from './order-draft.ts';
import { LeavePrompt, staysOnPage } from '@/components/leave-prompt.tsx';
import { useOrderOwner, type AdminTarget } from './order-owner.ts';
import { OrderStepper } from './order-stepper.tsx';
import { useOrderWizard } from './use-order-wizard.ts';

/** Steps that also need a valid distribution (2§2). */
const NEEDS_DISTRIBUTION: readonly StepId[] = ['schedule', 'review'];
const INVALID_DISTRIBUTION = 'Invalid distribution';

interface CampaignOrderPageProps {
  /** Undefined for a new order. */
  orderId?: string | undefined;
  admin?: AdminTarget | undefined;
  step: number;
  onStepChange: (step: number) => void;
}

/** Loads what the wizard starts from: for an edit the order (missing: back to the orders list). */
export function CampaignOrderPage({ orderId, admin, step, onStepChange }: CampaignOrderPageProps) {
  const who = useOrderOwner(admin);
  const navigate = useNavigate();
  const editing = orderId !== undefined;
  const order = useQuery({ ...editOrderQueryOptions(who.owner.AgentId, orderId ?? ''), enabled: editing && who.owner.AgentId !== '' });
  const missing = editing && (order.isError || (order.isSuccess && order.data === null));
  useEffect(() => {
    if (!missing) return;
    if (admin) void navigate({ to: '/viewOrders/$agentID/$firstName/$lastName', params: admin, replace: true });
    else void navigate({ to: '/orders', replace: true });
  }, [missing, admin, navigate]);
  if (editing && (!order.data || missing)) return <PageSkeleton />;
  return <CampaignOrderWizard key={orderId ?? 'new'} order={order.data ?? undefined} admin={admin} step={step} onStepChange={onStepChange} />;
}

interface CampaignOrderWizardProps {
  order: OrderDto | undefined;
  admin: AdminTarget | undefined;
  step: number;
  onStepChange: (step: number) => void;
}

function CampaignOrderWizard({ order, admin, step, onStepChange }: CampaignOrderWizardProps) {
  const who = useOrderOwner(admin);
  const navigate = useNavigate();
  const records = currentCampaignRecords(useSuspenseQuery(campaignVendorsQueryOptions).data, companyDay());
  const editing = order !== undefined;
  const [initial] = useState<OrderDraft>(() => (order ? draftFromOrder(order) : newDraft(who.owner)));
  const [orderId] = useState(() => order?.OrderId ?? crypto.randomUUID());
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveCampaignOrder();
  const w = useOrderWizard({
    flow: 'campaign',
    steps: CAMPAIGN_STEPS,
    initial,
    editing,
    who,
    funds: [],
    records,
    loadedRecipients: order?.OrderRecipients ?? [],
    urlStep: step,
    onStepChange,
  });

  const distributionValid = w.valid('distribution');
  const enabled = (i: number) => {
    const id = CAMPAIGN_STEPS[i]!.id;
    if (NEEDS_DISTRIBUTION.includes(id) && !distributionValid) return false;
    return i === 0 || w.visited.has(id) || w.visited.has(CAMPAIGN_STEPS[i - 1]!.id);
  };
  const active = enabled(w.active) ? w.active : 0;
  const current = CAMPAIGN_STEPS[active]!;
  const everyStepValid = CAMPAIGN_STEPS.every((s) => w.valid(s.id));
  const activeAgents = 1 + w.downline.filter((a) => a.Status === 1).length;
  const distributionEditable = campaignDistributionEditable(who.type, activeAgents, editing);

  const next = () => {
    if (!w.validate(current.id)) return;
    // Schedule and Review need a valid distribution (2§2).
    if (NEEDS_DISTRIBUTION.includes(CAMPAIGN_STEPS[active + 1]!.id) && !w.validate('distribution')) return;
    w.goTo(active + 1);
  };

  const reset = () => {
    w.form.setValues(initial);
    w.form.resetDirty(initial);
    w.form.clearErrors();
    w.setVisited(new Set(editing ? CAMPAIGN_STEPS.map((s) => s.id) : ['name']));
    setResetting(false);
    onStepChange(1);
  };

  const confirmAndSave = () => {
    const body = campaignOrderBody(w.draft, {
      orderId,
      ...(order ? { status: order.Status, revision: order.Revision, created: new Date(order.Created) } : {}),
    });
    save.mutate(
      { agentId: who.owner.AgentId, editing, body },
      {
        onSuccess: () => {
          setSaved(true);
          setConfirming(false);
          setOutcome({ kind: 'saved' });
        },
        onError: (error) => {
          setConfirming(false);
          setOutcome({ kind: 'failed', messages: error instanceof ApiError ? error.messages : [] });
        },
      },
    );
  };

  const toList = () => {
    if (admin) void navigate({ to: '/viewOrders/$agentID/$firstName/$lastName', params: admin });
    else void navigate({ to: '/orders' });
  };

  const ownerName = `${who.owner.FirstName} ${who.owner.LastName}`.trim();
  const title = editing ? `Edit order for ${ownerName}` : admin ? `New order for ${ownerName}` : 'New Order';
  const body = (() => {
    switch (current.id) {
      case 'name':
        return <NameStep form={w.form} flow="campaign" />;
      case 'campaigns':
        return <CampaignsStep form={w.form} records={records} onLiveTransferChosen={w.resetToOwner} />;
      case 'vendors':
        return <VendorsStep form={w.form} records={records} agentType={who.adminView ? undefined : who.type} />;
      case 'regions':
        return <RegionsStep form={w.form} flow="campaign" />;
      case 'frequency':
        return <FrequencyStep form={w.form} flow="campaign" />;
      case 'distribution':
        return (
          <DistributionStep form={w.form} flow="campaign" owner={who.owner} ownerIsYou={who.ownerIsYou} downline={w.downline} agents={w.agents} liveTransfer={w.liveTransfer} editable={distributionEditable} />
        );
      case 'schedule':
        return <ScheduleStep form={w.form} flow="campaign" />;
      default:
        return <ReviewStep draft={w.draft} flow="campaign" steps={CAMPAIGN_STEPS} owner={who.owner} funds={[]} records={records} onEdit={(i) => enabled(i) && w.goTo(i)} fillRate={fillRateBody(w.draft, 'campaign', order?.OrderId)} />;
    }
  })();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Button variant="default" color="red" onClick={() => setResetting(true)}>
          Reset
        </Button>
      </Group>
      {admin && (
        <Alert color="orange" title="Admin view" role="note">
          You are {editing ? 'editing' : 'creating'} an order for {ownerName} ({who.owner.AgentId}). It will be saved as this agent&apos;s order.
        </Alert>
      )}
      <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="flex-start">
        <Box w={{ base: '100%', sm: 230 }} style={{ flexShrink: 0 }}>
          <OrderStepper
            steps={CAMPAIGN_STEPS}
            active={active}
            states={CAMPAIGN_STEPS.map((s, i) => ({
              enabled: enabled(i),
              done: w.visited.has(s.id) && s.id !== 'review' && i !== active && w.valid(s.id),
              warning: s.id === 'distribution' && !distributionValid ? INVALID_DISTRIBUTION : undefined,
            }))}
            onSelect={(i) => enabled(i) && w.goTo(i)}
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
              {current.id === 'review' ? (
                <Button onClick={() => setConfirming(true)} disabled={!everyStepValid}>
                  Confirm &amp; Save
                </Button>
              ) : (
                <Button onClick={next}>Next</Button>
              )}
            </Group>
            {current.id === 'review' && !everyStepValid && (
              <Text size="sm" c="red.8" role="alert">
                {ORDER_WIZARD_TEXTS.allStepsRequired}
              </Text>
            )}
          </Stack>
        </Box>
      </Flex>
      <Modal opened={resetting} onClose={() => setResetting(false)} title="Reset order" centered>
        <Stack gap="md">
          <Text size="sm">{ORDER_WIZARD_TEXTS.resetConfirm}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setResetting(false)}>
              No
            </Button>
            <Button onClick={reset}>Yes</Button>
          </Group>
        </Stack>
      </Modal>
      <AgreementDialog opened={confirming} saving={save.isPending} saveLabel="Agree & Save" onSave={confirmAndSave} onClose={() => setConfirming(false)} />
      <SaveOutcomeDialog
        outcome={outcome}
        title="Save order"
        savedText={ORDER_WIZARD_TEXTS.saved}
        failedText={ORDER_WIZARD_TEXTS.saveFailed}
        onSaved={toList}
        onDismiss={() => setOutcome(null)}
      />
      <LeavePrompt when={w.form.isDirty() && !saved} text={ORDER_WIZARD_TEXTS.campaignLeavePrompt} letsThrough={staysOnPage} />
    </Stack>
  );
}
