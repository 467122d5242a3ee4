import { describe, expect, it } from 'vitest';
import { AGENT_UPLOAD_MAX_ROWS, agentUploadMessages as m, type AgentUploadKind } from '#shared/agent-uploads.ts';
import { parseCsv } from '#core/uploads/csv.ts';
import { checkAgentUploadRows } from './agent-upload-rows.ts';

const KNOWN = new Set(['A1', 'A2', 'A3']);
const findKnown = async (ids: string[]) => new Set(ids.filter((id) => KNOWN.has(id)));

const check = (kind: AgentUploadKind, text: string) => checkAgentUploadRows(kind, parseCsv(text), findKnown);
const messages = async (kind: AgentUploadKind, text: string) => {
  const result = await check(kind, text);
  return result.ok ? [] : result.messages;
};

describe('checkAgentUploadRows', () => {
  it('reads the columns in any order and case, trimming values, and numbers rows from the header', async () => {
    const result = await check('transaction', 'transactiontype, amount ,AGENTCODE,Description,TransactionID\r\nLeadBonus, 10 ,A1,Bonus,T1\r\n\r\nClickToCall,2.5,A2,Calls,T2\r\n');
    expect(result).toMatchObject({
      ok: true,
      rows: [
        { row: 2, transactionId: 'T1', agentId: 'A1', deltaCents: 1_000, type: 'LeadBonus', description: 'Bonus' },
        { row: 4, transactionId: 'T2', agentId: 'A2', deltaCents: -250, type: 'ClickToCall' },
      ],
    });
  });

  it('refuses a header with a column missing, unknown or repeated, naming the columns of the kind', async () => {
    expect(await messages('creditLimit', 'AgentId\nA1\n')).toEqual([m.atRow(1, m.header('creditLimit'))]);
    expect(await messages('creditLimit', 'AgentId,Amount,Note\nA1,1,x\n')).toEqual([m.atRow(1, m.header('creditLimit'))]);
    expect(await messages('reimburse', 'Code,AgentId,AgentId,Description\n')).toEqual([m.atRow(1, m.header('reimburse'))]);
    expect(await messages('reimburse', '')).toEqual([m.atRow(1, m.header('reimburse'))]);
    expect(m.header('reimburse')).toBe('The first row must name the columns Code, AgentId, Amount, Description.');
  });

  it('refuses a file without rows and one with too many', async () => {
    expect(await messages('creditLimit', 'AgentId,Amount\r\n\r\n')).toEqual([m.noRows]);
    const many = ['AgentId,Amount', ...Array.from({ length: AGENT_UPLOAD_MAX_ROWS + 1 }, () => 'A1,1')].join('\n');
    expect(await messages('creditLimit', many)).toEqual([m.tooManyRows]);
  });

  it('prefixes each problem with its row, in row order, and keeps every row for the report', async () => {
    const result = await check('reimburse', 'Code,AgentId,Amount,Description\nR1,A1,5,ok\nR2,,x,\nR3,A2,5\nR4,A9,5,unknown agent\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.messages).toEqual([
      m.atRow(3, m.required('AgentId')),
      m.atRow(3, m.amount),
      m.atRow(3, m.required('Description')),
      m.atRow(4, m.fieldCount(4, 3)),
      m.atRow(5, m.agentNotFound('A9')),
    ]);
    expect(result.checked.map((c) => [c.row, c.values.Code, c.problems.length])).toEqual([
      [2, 'R1', 0],
      [3, 'R2', 3],
      [4, 'R3', 1],
      [5, 'R4', 1],
    ]);
    expect(m.atRow(5, m.agentNotFound('A9'))).toBe('Row 5: Agent A9 was not found.');
  });

  it('refuses an unknown agent on a row that has other problems too, but looks up only well-formed ids', async () => {
    const asked: string[][] = [];
    const result = await checkAgentUploadRows('creditLimit', parseCsv('AgentId,Amount\nA9,-1\nbad id,5\nA1,5\nA9,3\n'), async (ids) => {
      asked.push(ids);
      return findKnown(ids);
    });
    expect(asked).toEqual([['A9', 'A1']]);
    expect(result.ok ? [] : result.messages).toEqual([
      m.atRow(2, m.creditLineNegative),
      m.atRow(2, m.agentNotFound('A9')),
      m.atRow(3, m.agentId('AgentId')),
      m.atRow(5, m.agentNotFound('A9')),
    ]);
  });

  it('refuses a TransactionID repeated in the file on the later row', async () => {
    const text = 'TransactionID,AgentCode,Amount,Description,TransactionType\nT1,A1,1,a,LeadCredit\nT2,A1,1,b,LeadCredit\nT1,A2,1,c,LeadCredit\n';
    expect(await messages('transaction', text)).toEqual([m.atRow(4, m.duplicateTransactionId('T1', 2))]);
  });

  it('refuses a second credit line for the same agent, and the same Code twice for one agent', async () => {
    expect(await messages('creditLimit', 'AgentId,Amount\nA1,100\nA2,100\nA1,200\n')).toEqual([m.atRow(4, m.duplicateAgent('A1', 2))]);
    const reimburse = 'Code,AgentId,Amount,Description\nR1,A1,1,a\nR1,A2,1,b\nR1,A1,2,c\n';
    expect(await messages('reimburse', reimburse)).toEqual([m.atRow(4, m.duplicateCode('R1', 'A1', 2))]);
  });

  it('asks for no agents when no row names a well-formed one', async () => {
    let asked = false;
    const result = await checkAgentUploadRows('creditLimit', parseCsv('AgentId,Amount\n,1\n'), async () => {
      asked = true;
      return new Set();
    });
    expect(asked).toBe(false);
    expect(result.ok ? [] : result.messages).toEqual([m.atRow(2, m.required('AgentId'))]);
  });
});
