// The priceFactors upload: every row checked; any problem refuses the whole file (nothing written),
// otherwise the file replaces the whole set. The report lists each row with its outcome, and on
// success the factors the file dropped.
import type { ProcessorInput, ProcessorOutcome, UploadProcessor } from '#core/uploads/processor.ts';
import { Conflict } from '#platform/errors.ts';
import { checkPriceFactorRows } from './price-factor-rows.ts';
import { replacePriceFactors, SET_CHANGED } from './price-factor-store.ts';

export const REPORT_HEADER = ['Row', 'Key', 'Min', 'Max', 'Weight', 'Outcome', 'Message'];

export const priceFactorProcessor: UploadProcessor = {
  kind: 'priceFactors',
  async process({ upload, records, now }: ProcessorInput): Promise<ProcessorOutcome> {
    const check = checkPriceFactorRows(records);
    const rows = Math.max(0, records.length - 1);
    if (!check.ok) {
      const lines = check.fileProblem
        ? [[check.fileProblem === check.messages[0] ? '' : 1, '', '', '', '', 'Refused', check.messages[0]!]]
        : check.checked.map((c) => [c.row, c.values.Key, c.values.Min, c.values.Max, c.values.Weight, c.problems.length ? 'Refused' : 'Not imported', c.problems.join(' ')]);
      return {
        status: 'Failed',
        rows,
        failedRows: check.fileProblem ? rows : check.checked.filter((c) => c.problems.length).length,
        errorMessages: check.messages,
        report: { header: REPORT_HEADER, rows: lines },
      };
    }
    try {
      const result = await replacePriceFactors(check.rows, { generation: upload.uploadId, uploadId: upload.uploadId, by: upload.userEmail, now });
      return {
        status: 'Succeeded',
        rows,
        failedRows: 0,
        errorMessages: [],
        report: {
          header: REPORT_HEADER,
          rows: [
            ...result.outcomes.map(({ row, outcome }) => [row.row, row.key, row.min, row.max, row.weight, outcome, '']),
            ...result.removed.map((f) => ['', f.key, f.min, f.max, f.weight, 'Removed', 'Not in the file']),
          ],
        },
      };
    } catch (err) {
      if (!(err instanceof Conflict) || err.messages[0] !== SET_CHANGED) throw err;
      return {
        status: 'Failed',
        rows,
        failedRows: 0,
        errorMessages: [SET_CHANGED],
        report: { header: REPORT_HEADER, rows: check.rows.map((r) => [r.row, r.key, r.min, r.max, r.weight, 'Not imported', SET_CHANGED]) },
      };
    }
  },
};
