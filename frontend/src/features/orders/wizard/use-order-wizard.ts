// What both order wizards share: the one Mantine form over the order draft, the step context the
// shared step modules check against (downline, live transfer, funds), visited steps, the URL's step,
// and showing a step's problems (snackbar and field errors).
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CampaignVendorRecordDto } from '#shared/api/campaigns.ts';
import type { FundDto } from '#shared/api/funds.ts';
import type { OrderRecipientDto } from '#shared/api/orders.ts';
import { companyDay } from '#shared/time-zones.ts';
import type { DistributionAgent } from '#shared/orders/step-distribution.ts';
import { downlineQueryOptions, type DownlineAgent } from '../api/list-distribution-agents.ts';
import { snackbar } from '../steps/snackbar.ts';
import { checkStep, type Flow, type OrderDraft, type StepContext, type StepDef, type StepId } from './order-draft.ts';
import type { OrderOwner } from './order-owner.ts';

interface UseOrderWizardArgs {
  flow: Flow;
  steps: readonly StepDef[];
  initial: OrderDraft;
  editing: boolean;
  who: OrderOwner;
  funds: readonly FundDto[];
  records: readonly CampaignVendorRecordDto[];
  /** The loaded order's recipients (edit), known to staff in place of the hierarchy. */
  loadedRecipients: readonly OrderRecipientDto[];
  /** The URL's step, 1-based. */
  urlStep: number;
  onStepChange: (step: number) => void;
}

const NO_AGENTS: DownlineAgent[] = [];

export function useOrderWizard({ flow, steps, initial, editing, who, funds, records, loadedRecipients, urlStep, onStepChange }: UseOrderWizardArgs) {
  const form = useForm<OrderDraft>({ mode: 'controlled', initialValues: initial });
  const draft = form.values;
  // The hierarchy is read only for agents (2§6).
  const downlineQuery = useQuery({ ...downlineQueryOptions(who.owner.AgentId), enabled: !who.adminView && who.owner.AgentId !== '' });
  const downline = downlineQuery.data ?? NO_AGENTS;
  const [visited, setVisited] = useState<ReadonlySet<StepId>>(() => new Set(editing ? steps.map((s) => s.id) : [steps[0]!.id]));

  const agents = useMemo<DistributionAgent[]>(() => {
    if (!who.adminView) return downline.map((a) => ({ AgentId: a.AgentId, Status: a.Status }));
    return loadedRecipients.map((r) => ({ AgentId: r.AgentId, Status: r.Terminated ? 0 : 1 }));
  }, [who.adminView, downline, loadedRecipients]);

  const liveTransfer =
    flow === 'fund'
      ? draft.SelectedFunds.some((id) => funds.find((f) => f.FundId === id)?.IsLiveTransfer)
      : draft.Campaigns.some((c) => records.find((r) => r.Campaign.CampaignId === c.CampaignId)?.Campaign.IsLiveTransfer);

  const ctx: StepContext = { flow, ownerId: who.owner.AgentId, agents, liveTransfer, funds, today: companyDay() };
  const check = (id: StepId) => checkStep(id, draft, ctx);
  const valid = (id: StepId) => check(id).messages.length === 0;

  /** Shows a step's problems; true when it has none. */
  const validate = (id: StepId): boolean => {
    const result = check(id);
    if (result.messages.length === 0) return true;
    form.setErrors(result.fieldErrors);
    for (const message of result.messages) snackbar(message);
    return false;
  };

  const active = Math.min(Math.max(urlStep, 1), steps.length) - 1;
  const goTo = (index: number) => {
    setVisited((v) => new Set([...v, steps[index]!.id]));
    onStepChange(index + 1);
  };

  /** The live-transfer rule (2§4): every lead to the owner. */
  const resetToOwner = () => form.setFieldValue('OrderRecipients', [{ ...who.owner, Percentage: '100' }]);

  return { form, draft, downline, ctx, check, valid, validate, visited, setVisited, active, goTo, liveTransfer, agents, resetToOwner };
}
