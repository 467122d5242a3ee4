// Part 3 §4: the Dispute button shows only when the lead allows disputes, has no dispute yet, is within
// 5 days of receipt, and the user holds CAN_DISPUTE_LEADS. The server decides again on submit.
import type { Permission } from '#shared/permissions.ts';

export interface DisputableLead {
  AllowDisputes: boolean;
  HasDispute: boolean;
  /** Receipt + 5 days (UTC ISO), from the server. */
  DisputeOpenUntil: string;
  /** The reasons come from the vendor: a lead without one cannot be disputed. */
  VendorId: string | null;
}

export function canDispute(lead: DisputableLead, permissions: readonly Permission[], now: Date = new Date()): boolean {
  return (
    permissions.includes('CAN_DISPUTE_LEADS') &&
    lead.AllowDisputes &&
    !lead.HasDispute &&
    lead.VendorId !== null &&
    now.getTime() < Date.parse(lead.DisputeOpenUntil)
  );
}
