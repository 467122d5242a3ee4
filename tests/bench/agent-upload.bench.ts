// Benchmark of the agent CSV upload: a transaction file of N rows (default 10,000) over M agents
// (default 1,000; each agent's first row a credit, debits later), uploaded as the page does (ticket,
// PUT to s3rver) and processed by the csvProcess job's code; then the same file uploaded again (every
// row already applied). Printed beside the raw rate of bare 4-item TransactWriteItems (the size of
// one row's ledger write) on the same DynamoDB Local at the job's concurrency, measured in the same
// run, and against the job's configured timeout. DynamoDB Local serialises transactions, so only the
// ratio to the raw rate carries over to AWS.
//
//   npx tsx tests/bench/agent-upload.bench.ts [--rows 10000] [--agents 1000]
import { parseArgs } from 'node:util';
import { ensureTable } from '../../infra/local/services/table.ts';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { JOB_NEEDS } from '../../infra/lib/function-needs.ts';
import { startTestServices, type TestServices } from '../support/local-services.ts';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, agents: { type: 'string', default: '1000' } } });
const ROWS = Number(args.rows);
const AGENTS = Number(args.agents);
const ORIGIN = 'http://localhost:5173';

const say = (line: string) => console.log(`agent-upload-bench: ${line}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function main(services: TestServices): Promise<void> {
  const tableName = `bench-agent-upload-${Date.now()}`;
  Object.assign(process.env, handlerEnvironment({ tableName, dynamodbEndpoint: services.dynamodbEndpoint, s3Endpoint: services.s3Endpoint, appOrigin: ORIGIN, stage: 'test' }));
  await ensureTable(services.dynamodbEndpoint, tableName, { stream: false });

  // Imported after the environment points at the benchmark's own table and bucket.
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { Balance } = await import('#entities/balance.ts');
  const { LedgerEntry } = await import('#entities/ledger-entry.ts');
  const { batchPut } = await import('#platform/db.ts');
  const { mintUploadTicket } = await import('#core/uploads/tickets.ts');
  const { processUploadedObject } = await import('#core/uploads/process-upload.ts');
  const { UPLOAD_CONCURRENCY } = await import('#core/directory/agent-uploads/apply-agent-rows.ts');
  const { agentProfileFixture } = await import('../support/agent-fixture.ts');
  const { rawTransactionRate } = await import('./raw-dynamodb.ts');

  const agentIds = Array.from({ length: AGENTS }, (_v, i) => `B${String(i).padStart(6, '0')}`);
  const createdAt = new Date().toISOString();
  await batchPut(
    agentIds.flatMap((agentId) => [
      AgentProfile.toItem(agentProfileFixture(agentId, { lastName: `Bench${agentId}`, createdAt })),
      Balance.toItem({ agentId, balanceCents: 0, creditLineCents: 0, version: 0, updatedAt: createdAt }),
    ]),
    { concurrency: 16 },
  );

  // Row i belongs to agent i % AGENTS, so an agent's rows are spread through the file; its first row
  // is a $50 credit and every fourth later row a $2 debit, which the credit always covers.
  const fileOf = (prefix: string, rows: number) => {
    const lines = ['TransactionID,AgentCode,Amount,Description,TransactionType'];
    for (let i = 0; i < rows; i++) {
      const nth = Math.floor(i / AGENTS);
      const debit = nth > 0 && nth % 4 === 0;
      lines.push(`${prefix}-${i},${agentIds[i % AGENTS]},${debit ? '2.00' : nth === 0 ? '50.00' : '1.25'},Bench row ${i},${debit ? 'ClickToCall' : 'CompanyMatch'}`);
    }
    return lines.join('\r\n') + '\r\n';
  };
  const csv = fileOf('BENCH', ROWS);
  say(`DynamoDB Local (in memory), Node ${process.version}; ${ROWS.toLocaleString('en-US')}-row transaction file (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB) over ${AGENTS.toLocaleString('en-US')} agents, ${UPLOAD_CONCURRENCY} agents at a time`);

  const uploadOnce = async (label: string, file: string, rows: number) => {
    const ticket = await mintUploadTicket('transaction', { FileName: 'bench.csv', ContentLength: Buffer.byteLength(file) }, { userId: 'U-admin', email: 'admin@leadportal.example.com' });
    const put = await fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body: file });
    if (!put.ok) throw new Error(`PUT answered ${put.status}`);
    const [, bucket, ...key] = new URL(ticket.Url).pathname.split('/');
    const started = performance.now();
    const result = await processUploadedObject({ bucket: bucket!, key: decodeURIComponent(key.join('/')), size: Buffer.byteLength(file) });
    const ms = performance.now() - started;
    if (result.outcome !== 'processed' || result.status !== 'Succeeded' || result.failedRows !== 0) throw new Error(`${label}: ${JSON.stringify(result)}`);
    if (label) say(`${label}: ${rows.toLocaleString('en-US')} rows in ${seconds(ms)} s = ${Math.round(rows / (ms / 1000))} rows/s`);
    return ms;
  };

  // DynamoDB Local runs several times faster once its JIT is warm: warm it with bare transactions and
  // a small upload before measuring either (measured cold, the first figure looked twice as slow).
  const WARM_ROWS = Math.min(1_000, ROWS);
  await rawTransactionRate(4, 2_000, UPLOAD_CONCURRENCY);
  await uploadOnce('', fileOf('WARM', WARM_ROWS), WARM_ROWS);
  // The yardstick before and after the upload, on the same DynamoDB Local: bare 4-item transactions
  // (balance update, entry put, day sum update, idempotency put) on distinct accounts at the job's
  // concurrency.
  const rawBefore = await rawTransactionRate(4, 3_000, UPLOAD_CONCURRENCY);
  const firstMs = await uploadOnce('first upload (every row applied)', csv, ROWS);
  const rawAfter = await rawTransactionRate(4, 3_000, UPLOAD_CONCURRENCY);
  const rawRate = (rawBefore + rawAfter) / 2;
  const rowRate = ROWS / (firstMs / 1000);
  say(
    `raw DynamoDB Local: ${Math.round(rawBefore)} and ${Math.round(rawAfter)} 4-item transactions/s at concurrency ${UPLOAD_CONCURRENCY} ` +
      `(before and after); the upload applied ${Math.round(rowRate)} rows/s = ${((rowRate / rawRate) * 100).toFixed(0)}% of their mean`,
  );
  await uploadOnce('same file again (every row already applied)', csv, ROWS);

  // Every agent's ledger sums to its balance, each row written once.
  let entries = 0;
  for (const agentId of agentIds) {
    const ledger = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
    const balance = await Balance.get({ agentId }, { consistent: true });
    const sum = ledger.reduce((t, e) => t + e.creditCents - e.debitCents, 0);
    if (balance?.balanceCents !== sum) throw new Error(`${agentId}: balance ${balance?.balanceCents} is not the sum of its ledger ${sum}`);
    entries += ledger.length;
  }
  if (entries !== ROWS + WARM_ROWS) throw new Error(`${entries} ledger entries for ${ROWS} rows and ${WARM_ROWS} warm-up rows`);
  say(`checked: ${entries.toLocaleString('en-US')} ledger entries, one per row (warm-up rows included); every balance equals its ledger`);
  const timeout = JOB_NEEDS.csvProcess.timeoutSeconds ?? 900;
  say(`the first upload took ${((firstMs / 1000 / timeout) * 100).toFixed(0)}% of the csvProcess job's ${timeout} s timeout here`);
}

const services = await startTestServices(ORIGIN);
process.once('SIGINT', () => void services.stop().finally(() => process.exit(130)));
try {
  await main(services);
} finally {
  await services.stop();
}
