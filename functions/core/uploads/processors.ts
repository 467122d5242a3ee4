// The processor registry: one entry per upload kind. A kind without an entry cannot be processed
// (its upload is refused with NOT_PROCESSED).
import type { UploadKind } from '#shared/api/uploads.ts';
import { creditLimitProcessor, reimburseProcessor, transactionProcessor } from '#core/directory/agent-uploads/agent-upload-processor.ts';
import { priceFactorProcessor } from '#core/catalogue/price-factors/price-factor-processor.ts';
import { doNotCallProcessor } from '#core/compliance/do-not-call-processor.ts';
import type { UploadProcessor } from './processor.ts';

export const PROCESSORS: Partial<Record<UploadKind, UploadProcessor>> = {
  priceFactors: priceFactorProcessor,
  creditLimit: creditLimitProcessor,
  transaction: transactionProcessor,
  reimburse: reimburseProcessor,
  doNotCall: doNotCallProcessor,
};

export function processorFor(kind: UploadKind): UploadProcessor | undefined {
  return PROCESSORS[kind];
}
