// The public forms' query: ?ContractNumber= as the link carries it; a missing or malformed one is
// 'Oops!' on the page, never a router error.
import { z } from 'zod';

export const salesFormSearchSchema = z.object({
  ContractNumber: z.string().trim().min(1).max(64).optional().catch(undefined),
});
