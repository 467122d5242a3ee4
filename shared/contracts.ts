// The contract map (spec part 3 §3, §4, §5, §8): the spec's messages and the card's schema, which the
// browser's card and the server's POST/PUT contracts parse with.
import { z } from 'zod';
import { revisionSchema } from './api/revision.ts';

export const CONTRACT_MESSAGES = {
  duplicateContractId: 'Duplicate Campaign ID.',
  missingFields: 'Missing required fields.',
  // The spec gives no texts for these; they say what the caller must fix.
  tooLong: 'Name, Contract ID and Call Center List ID can be at most 100 characters.',
  unknownCampaign: 'Campaign not found.',
  notFound: 'Contract map not found.',
} as const;

const required = z.string().trim().min(1, CONTRACT_MESSAGES.missingFields).max(100, CONTRACT_MESSAGES.tooLong);
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

const contractFields = {
  ContractName: required,
  ContractID: required,
  CampaignID: z
    .string()
    .trim()
    .min(1, CONTRACT_MESSAGES.missingFields)
    // An empty campaign is only 'Missing required fields.'.
    .refine((id) => id === '' || idPattern.test(id), CONTRACT_MESSAGES.unknownCampaign),
  /** The call-center (F9) list id; optional. */
  F9List: z.string().trim().max(100, CONTRACT_MESSAGES.tooLong),
};

export const contractCreateSchema = z.object(contractFields);
export type ContractCreateIn = z.input<typeof contractCreateSchema>;
export type ContractCreate = z.output<typeof contractCreateSchema>;

export const contractUpdateSchema = z.object({
  ...contractFields,
  ContractKey: z.string().regex(idPattern, CONTRACT_MESSAGES.notFound),
  Revision: revisionSchema,
});
export type ContractUpdateIn = z.input<typeof contractUpdateSchema>;
export type ContractUpdate = z.output<typeof contractUpdateSchema>;

/** Part 3 §5: two maps may not share a non-empty ContractID (compared without case or surrounding spaces). */
export function hasDuplicateContractId(entries: readonly { key: string; contractId: string }[], candidate: { key: string; contractId: string }): boolean {
  const id = candidate.contractId.trim().toLowerCase();
  if (!id) return false;
  return entries.some((e) => e.key !== candidate.key && e.contractId.trim().toLowerCase() === id);
}
