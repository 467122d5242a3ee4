// Checks every row of an agent CSV upload (creditLimit, transaction, reimburse) before anything is
// applied: the header names exactly the kind's columns, each row has that many values and passes the
// kind's schema from shared/agent-uploads.ts, no two rows name the same thing (a TransactionID, an
// agent's credit line, a Code of one agent), and every agent exists. Any problem refuses the file.
// Pure apart from the agent look-up it is handed.
import {
  AGENT_UPLOAD_COLUMNS,
  AGENT_UPLOAD_MAX_ROWS,
  AGENT_UPLOAD_ROW_SCHEMAS,
  agentUploadMessages as m,
  type AgentUploadKind,
  type AgentUploadRow,
} from '#shared/agent-uploads.ts';
import { ID_PATTERN } from '#shared/api/define.ts';
import { columnIndexes, type CsvRecord } from '#core/uploads/csv.ts';

/** A checked data row: its number (the header is row 1) and parsed values. */
export type ParsedRow<K extends AgentUploadKind> = AgentUploadRow<K> & { row: number };

/** One data row as written (trimmed, by column), with what is wrong with it (nothing, for a good row). */
export interface CheckedRow<K extends AgentUploadKind> {
  row: number;
  values: Record<string, string>;
  /** False when the row has more or fewer values than columns: its values may be shifted. */
  aligned: boolean;
  /** Row-numbered messages. */
  problems: string[];
  parsed?: ParsedRow<K>;
}

export type RowCheck<K extends AgentUploadKind> =
  | { ok: true; rows: ParsedRow<K>[]; checked: CheckedRow<K>[] }
  | { ok: false; fileProblem?: string; checked: CheckedRow<K>[]; messages: string[] };

/** The agents of `agentIds` that exist. */
export type FindAgents = (agentIds: string[]) => Promise<ReadonlySet<string>>;

/** The column naming the agent: the transaction file calls it AgentCode (docs/api.md, Decisions). */
export const AGENT_COLUMN: Record<AgentUploadKind, string> = { creditLimit: 'AgentId', transaction: 'AgentCode', reimburse: 'AgentId' };

export async function checkAgentUploadRows<K extends AgentUploadKind>(kind: K, records: CsvRecord[], findAgents: FindAgents): Promise<RowCheck<K>> {
  const columns = AGENT_UPLOAD_COLUMNS[kind] as readonly string[];
  const [header, ...data] = records;
  const indexes = header ? columnIndexes(header.fields, columns) : undefined;
  if (!header || !indexes) {
    const message = m.header(kind);
    return { ok: false, fileProblem: message, checked: [], messages: [m.atRow(header?.row ?? 1, message)] };
  }
  if (data.length === 0) return { ok: false, fileProblem: m.noRows, checked: [], messages: [m.noRows] };
  if (data.length > AGENT_UPLOAD_MAX_ROWS) return { ok: false, fileProblem: m.tooManyRows, checked: [], messages: [m.tooManyRows] };

  const checked = data.map((record) => checkRow(kind, record, columns, indexes));
  markDuplicates(kind, checked);
  await markUnknownAgents(kind, checked, findAgents);

  const messages = checked.flatMap((c) => c.problems);
  if (messages.length > 0) return { ok: false, checked, messages };
  return { ok: true, rows: checked.map((c) => c.parsed!), checked };
}

function checkRow<K extends AgentUploadKind>(kind: K, record: CsvRecord, columns: readonly string[], indexes: Record<string, number>): CheckedRow<K> {
  const { row, fields } = record;
  const values = Object.fromEntries(columns.map((c) => [c, (fields[indexes[c]!] ?? '').trim()]));
  if (fields.length !== columns.length) return { row, values, aligned: false, problems: [m.atRow(row, m.fieldCount(columns.length, fields.length))] };
  const result = AGENT_UPLOAD_ROW_SCHEMAS[kind].safeParse(values);
  if (!result.success) return { row, values, aligned: true, problems: result.error.issues.map((issue) => m.atRow(row, issue.message)) };
  return { row, values, aligned: true, problems: [], parsed: { ...(result.data as AgentUploadRow<K>), row } };
}

/** What no two rows of a file may share, and the message the later one gets. */
function identity(kind: AgentUploadKind, parsed: ParsedRow<AgentUploadKind>): { key: string; message: (other: number) => string } {
  switch (kind) {
    case 'transaction': {
      const { transactionId } = parsed as ParsedRow<'transaction'>;
      return { key: transactionId, message: (other) => m.duplicateTransactionId(transactionId, other) };
    }
    case 'creditLimit':
      return { key: parsed.agentId, message: (other) => m.duplicateAgent(parsed.agentId, other) };
    case 'reimburse': {
      const { code, agentId } = parsed as ParsedRow<'reimburse'>;
      return { key: `${agentId}\u0000${code}`, message: (other) => m.duplicateCode(code, agentId, other) };
    }
  }
}

function markDuplicates<K extends AgentUploadKind>(kind: K, checked: CheckedRow<K>[]): void {
  const first = new Map<string, number>();
  for (const c of checked) {
    if (!c.parsed) continue;
    const { key, message } = identity(kind, c.parsed);
    const other = first.get(key);
    if (other === undefined) first.set(key, c.row);
    else c.problems.push(m.atRow(c.row, message(other)));
  }
}

/** Every row naming a well-formed agent id that does not exist is refused, whatever else is wrong with it. */
async function markUnknownAgents<K extends AgentUploadKind>(kind: K, checked: CheckedRow<K>[], findAgents: FindAgents): Promise<void> {
  const column = AGENT_COLUMN[kind];
  const rows = checked.filter((c) => c.aligned && ID_PATTERN.test(c.values[column] ?? ''));
  const ids = [...new Set(rows.map((c) => c.values[column]!))];
  if (ids.length === 0) return;
  const found = await findAgents(ids);
  for (const c of rows) {
    const agentId = c.values[column]!;
    if (!found.has(agentId)) c.problems.push(m.atRow(c.row, m.agentNotFound(agentId)));
  }
}
