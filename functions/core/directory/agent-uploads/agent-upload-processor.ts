// The creditLimit, transaction and reimburse uploads of the Agents page: every row is checked first and
// any bad row refuses the whole file (nothing applied); otherwise each row is applied as one ledger
// transaction (apply-agent-rows.ts). A debit beyond what the agent has refuses that row only. The
// report lists each row with its outcome and the balance (or credit line) it left.
import { AGENT_UPLOAD_COLUMNS, type AgentUploadKind } from '#shared/agent-uploads.ts';
import { existingAgents } from '#core/money/accounts.ts';
import type { ProcessorInput, ProcessorOutcome, UploadProcessor } from '#core/uploads/processor.ts';
import { checkAgentUploadRows } from './agent-upload-rows.ts';
import { applyAgentRows, type AppliedRow } from './apply-agent-rows.ts';

/** The upload's record is told how far the job got every this many rows. */
export const PROGRESS_EVERY_ROWS = 250;

export const NOT_APPLIED = 'Not applied';
export const FILE_REFUSED = 'The file was refused, so no row was applied.';

type Cell = string | number | null;

/** What each kind's report adds after the file's own columns, Outcome and Message. */
const RESULT_COLUMNS: Record<AgentUploadKind, { header: string[]; cells: (a: AppliedRow) => Cell[] }> = {
  creditLimit: { header: ['Previous Credit Line', 'Credit Line'], cells: (a) => [dollars(a.previousCreditLineCents), dollars(a.creditLineCents)] },
  transaction: { header: ['Balance After'], cells: (a) => [dollars(a.balanceCents)] },
  reimburse: { header: ['Balance After'], cells: (a) => [dollars(a.balanceCents)] },
};

export function reportHeader(kind: AgentUploadKind): string[] {
  return ['Row', ...AGENT_UPLOAD_COLUMNS[kind], 'Outcome', 'Message', ...RESULT_COLUMNS[kind].header];
}

/** Report money as plain dollars with two decimals (a spreadsheet reads it as a number). */
function dollars(cents: number | undefined): string {
  return cents === undefined ? '' : (cents / 100).toFixed(2);
}

export function agentUploadProcessor(kind: AgentUploadKind, opts: { progressEvery?: number } = {}): UploadProcessor {
  const columns = AGENT_UPLOAD_COLUMNS[kind] as readonly string[];
  const header = reportHeader(kind);
  const blanks = RESULT_COLUMNS[kind].header.map(() => '');

  return {
    kind,
    async process({ upload, records, progress }: ProcessorInput): Promise<ProcessorOutcome> {
      const rows = Math.max(0, records.length - 1);
      const check = await checkAgentUploadRows(kind, records, existingAgents);
      if (!check.ok) {
        const lines: Cell[][] = check.fileProblem
          ? [[check.fileProblem === check.messages[0] ? '' : 1, ...columns.map(() => ''), 'Refused', check.messages[0]!, ...blanks]]
          : check.checked.map((c) => [
              c.row,
              ...columns.map((column) => c.values[column] ?? ''),
              c.problems.length ? 'Refused' : NOT_APPLIED,
              c.problems.length ? c.problems.join(' ') : FILE_REFUSED,
              ...blanks,
            ]);
        return {
          status: 'Failed',
          rows,
          failedRows: check.fileProblem ? rows : check.checked.filter((c) => c.problems.length).length,
          rowsDone: 0,
          errorMessages: check.messages,
          report: { header, rows: lines },
        };
      }

      const tracker = progressTracker(progress, check.rows.length, opts.progressEvery ?? PROGRESS_EVERY_ROWS);
      await tracker.report();
      const applied = await applyAgentRows(kind, check.rows, {
        uploadId: upload.uploadId,
        by: upload.userId,
        onRowDone: tracker.rowDone,
      });
      await tracker.settled();

      const refused = applied.filter((a) => a.outcome === 'Refused');
      const written = new Map(check.checked.map((c) => [c.row, c.values]));
      return {
        // Some rows applied: the file went through, with its refused rows named. None did: it failed.
        status: refused.length === applied.length ? 'Failed' : 'Succeeded',
        rows,
        failedRows: refused.length,
        rowsDone: applied.length,
        alreadyAppliedRows: applied.filter((a) => a.outcome === 'Already applied').length,
        errorMessages: refused.map((a) => a.message),
        report: {
          header,
          rows: applied.map((a) => [a.row, ...columns.map((column) => written.get(a.row)?.[column] ?? ''), a.outcome, a.message, ...RESULT_COLUMNS[kind].cells(a)]),
        },
      };
    },
  };
}

/** Counts finished rows and records the count every `every` rows, one write at a time, so the stored count only grows. */
function progressTracker(progress: ProcessorInput['progress'], total: number, every: number) {
  let done = 0;
  let recorded = -1;
  let chain: Promise<void> = Promise.resolve();
  const report = () => {
    chain = chain.then(async () => {
      if (!progress || done === recorded) return;
      recorded = done;
      await progress(done, total);
    });
    return chain;
  };
  return {
    report,
    rowDone: () => {
      done++;
      if (done % every === 0) void report();
    },
    settled: () => chain,
  };
}

export const creditLimitProcessor = agentUploadProcessor('creditLimit');
export const transactionProcessor = agentUploadProcessor('transaction');
export const reimburseProcessor = agentUploadProcessor('reimburse');
