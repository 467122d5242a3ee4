// PATCH /api/agent (spec part 3 §7): Agent Information's Save. Staff with CAN_EDIT_AGENTS change an
// agent's priority, credit line and intake statuses, each only with its own permission (§5, §6); the
// contact fields of the full agent the page sends may not change here. Answers the agent as saved.
import { applyAgentSettings, changedFields, type AgentSettingsChange, type ChangedField } from '#core/directory/agent-admin.ts';
import { loadAccount } from '#core/money/accounts.ts';
import { Forbidden, NotFound, ValidationFailed } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import { AGENT_ADMIN_MESSAGES, READ_ONLY_AGENT_FIELDS } from '#shared/agent-admin.ts';
import { dollarsToCents } from '#shared/money.ts';
import type { Permission } from '#shared/permissions.ts';
import { toAgentDetails } from './agent-shapes.ts';
import { directoryViewerOf } from './viewer.ts';

/** The permission each editable field needs (part 3 §6). */
const FIELD_PERMISSION: Record<ChangedField, Permission> = {
  priority: 'CAN_VIEW_EDIT_AGENT_PRIORITY',
  creditLineCents: 'CAN_VIEW_EDIT_AGENT_CREDIT_LINE',
  orderActive: 'CAN_VIEW_EDIT_AGENT_ACCOUNT_ORDER_STATUS',
  liveTransferActive: 'CAN_VIEW_AGENT_LIVE_TRANSFER_STATUS',
  thirdPartyActive: 'CAN_VIEW_AGENT_THIRD_PARTY_STATUS',
};

export const updateAgent = route('agents.update', {
  handle: async ({ body, user }) => {
    const wanted: AgentSettingsChange = {
      ...(body.Priority !== undefined ? { priority: body.Priority } : {}),
      ...(body.CreditLine !== undefined ? { creditLineCents: dollarsToCents(body.CreditLine) } : {}),
      ...(body.OrderStatus !== undefined ? { orderActive: body.OrderStatus === 1 } : {}),
      ...(body.LiveTransferStatus !== undefined ? { liveTransferActive: body.LiveTransferStatus === 1 } : {}),
      ...(body.ThirdPartyLeadStatus !== undefined ? { thirdPartyActive: body.ThirdPartyLeadStatus } : {}),
    };
    // One consistent read of the agent serves the contact check, the changed fields and the conditions.
    const { fields, current } = await changedFields(body.AgentId, wanted);
    const { profile } = current;
    const stored = { EmailAddress: profile.email, Address1: profile.address1, City: profile.city, State: profile.state, Zip: profile.zip };
    const readOnly = (Object.keys(READ_ONLY_AGENT_FIELDS) as (keyof typeof READ_ONLY_AGENT_FIELDS)[])
      .filter((f) => body[f] !== undefined && body[f]!.trim() !== (stored[f] ?? '').trim())
      .map((f) => AGENT_ADMIN_MESSAGES.readOnlyField(READ_ONLY_AGENT_FIELDS[f]));
    if (readOnly.length > 0) throw new ValidationFailed(readOnly);

    // Only a change needs the field's permission: the full agent may carry every field unchanged.
    if (fields.some((f) => !user.permissions.includes(FIELD_PERMISSION[f]))) throw new Forbidden();
    await applyAgentSettings(body.AgentId, wanted, current, user.userId);

    const after = await loadAccount(body.AgentId);
    if (!after) throw new NotFound(AGENT_ADMIN_MESSAGES.notFound);
    return ok(toAgentDetails(after, directoryViewerOf(user)));
  },
});
