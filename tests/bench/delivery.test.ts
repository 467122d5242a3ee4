// Speed to lead (issue 23, "Done means"): over SALES sales on the local stack's pieces (the gateway, the
// projector on DynamoDB Local's stream with its 250 ms idle poll, the live socket, the delivery queue's
// stand-in and its worker in real time), how long from the sale's commit (the LeadSale's `at`, written
// in its transaction) until
//   - the agent's open socket receives the notification (what the browser's WebSocket gets; the toast
//     is drawn from it in the same task),
//   - a CRM receiver on this machine gets the webhook (its body carries the sale's time, SoldAt),
//   - the alert e-mail file is written (when the e-mail alert is on; its file's modification time).
// Targets: socket p95 <= 2 s, webhook p95 <= 2 s. Beside them, the raw figure of the same run: a put
// to the same DynamoDB Local table until a stream reader polling every 20 ms gets its record.
//
//   npm run bench -- delivery        (or: npx vitest run --project bench tests/bench/delivery.test.ts)
//   DELIVERY_SALES=100 for a shorter run.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH, livePushSchema } from '#shared/api/notifications.ts';
import { DEFAULT_FIELD_MAP } from '#shared/api/webhooks.ts';
import { ORIGIN, useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';
import { percentile } from './raw-dynamodb.ts';

const SALES = Number(process.env.DELIVERY_SALES ?? 500);
const AGENTS = 10;
const CLIENTS = 4;
const STATES = [
  ['AL', '35203', 'Birmingham'],
  ['AR', '72201', 'Little Rock'],
  ['CT', '06103', 'Hartford'],
  ['DE', '19801', 'Wilmington'],
  ['KY', '40202', 'Louisville'],
  ['LA', '70112', 'New Orleans'],
  ['MA', '02108', 'Boston'],
  ['MD', '21201', 'Baltimore'],
  ['MO', '63101', 'Saint Louis'],
  ['MS', '39201', 'Jackson'],
] as const;

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { idPrefix: 'Y', codeLetter: 'Y', names: { campaign: 'Speed', fund: 'Speed fund' }, agentDefaults: { balanceCents: 100_000_000 } });

const { createLiveSockets, MANAGEMENT_PREFIX } = await import('../../infra/local/live-sockets.ts');
const { createLocalQueue, QUEUE_PREFIX, QUEUE_NAME } = await import('../../infra/local/local-queue.ts');
const { resetConfigForTests } = await import('#platform/config.ts');
const { resetSigningKeyForTests } = await import('#core/webhooks/signing.ts');

const live = createLiveSockets();
const queue = createLocalQueue();
let mailDir = '';
const sockets: WebSocket[] = [];
const pushed = new Map<string, number>();
const hooked = new Map<string, number>();
const crm = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const arrived = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { LeadId?: number; SoldAt?: string };
    if (body.LeadId !== undefined && body.SoldAt) hooked.set(String(body.LeadId), arrived - Date.parse(body.SoldAt));
    res.writeHead(200).end();
  });
});

beforeAll(async () => {
  api.gateway.onUpgrade(live.upgrade);
  api.gateway.mount(MANAGEMENT_PREFIX, live.management);
  api.gateway.mount(QUEUE_PREFIX, queue.listener);
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  mailDir = await mkdtemp(path.join(tmpdir(), 'delivery-mail-'));
  const base = api.url.replace('localhost', '127.0.0.1');
  Object.assign(process.env, {
    LIVE_PUSH_ENDPOINT: base,
    SQS_ENDPOINT: `${base}${QUEUE_PREFIX}`,
    DELIVERY_QUEUE_URL: `${base}${QUEUE_PREFIX}/${QUEUE_NAME}`,
    WEBHOOK_SIGNING_KEY: randomBytes(32).toString('hex'),
    LOCAL_MAIL_DIR: mailDir,
  });
  resetConfigForTests();
  resetSigningKeyForTests();
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await live.close();
  await queue.stop();
  await new Promise<void>((resolve) => crm.close(() => resolve()));
});

/** The e-mail alert switched on for sold leads, when the alert settings route exists (issue 23 part 2). */
async function emailAlertsOn(agentId: string, session: { cookie: string }): Promise<boolean> {
  const answer = await api.fetch('PATCH', `/account/${agentId}/alertSettings`, { session: session as never, body: { Email: { Enabled: true, Events: ['LeadSold'] } } });
  return answer.status === 200;
}

describe('speed to lead', () => {
  it(`from ${SALES} sales to the socket, the CRM and the e-mail`, async () => {
    const agents = [];
    for (let i = 0; i < AGENTS; i++) {
      const [state, zip] = STATES[i]!;
      const agent = await fx.agentWithOrder({ state, zip, withSession: true });
      const made = await api.call('webhooks.create', { params: { agentId: agent.agentId }, body: { Url: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hook`, Format: 'json', FieldMap: DEFAULT_FIELD_MAP, Events: ['LeadSold'], Enabled: true }, session: agent.session });
      expect(made.status).toBe(201);
      const mail = await emailAlertsOn(agent.agentId, agent.session);
      const ws = new WebSocket(`${api.url.replace('http', 'ws')}${LIVE_PATH}`, { headers: { origin: ORIGIN, cookie: agent.session.cookie } });
      ws.on('message', (data) => {
        const arrived = Date.now();
        const { Notification: n } = livePushSchema.parse(JSON.parse(String(data)));
        if (n.LeadNumber !== null) pushed.set(String(n.LeadNumber), arrived - Date.parse(n.At));
      });
      await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
      sockets.push(ws);
      agents.push({ ...agent, state, zip, mail });
    }
    await api.settled();

    // The raw figure: a put until its stream record is read (the projector's floor).
    const { rawStreamLag } = await import('./stream-lag.ts');
    const raw = await rawStreamLag(50);

    const sold: string[] = [];
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < SALES) {
          const n = next++;
          const [state, zip, city] = STATES[n % AGENTS]!;
          const answer = await fx.post({ StateCode: state, ZipCode: zip, City: city });
          if (answer.body.Result === 'sold') sold.push(String(answer.body.UserFacingLeadId));
        }
      }),
    );
    const postSeconds = (Date.now() - started) / 1000;
    // Every sale's push and webhook have arrived (or 30 s more have passed).
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && sold.some((id) => !pushed.has(id) || !hooked.has(id))) await new Promise((r) => setTimeout(r, 100));

    // And every sale's e-mail (every agent has the alert on), within the same deadline: the slowest
    // e-mails are the p95's, so none is measured before all have been written.
    const mailed = new Map<string, string>();
    const readMail = async () => {
      for (const file of await readdir(mailDir)) {
        if (mailed.has(file)) continue;
        const id = /leadId=(?:%22)?(\d+)/.exec(await readFile(path.join(mailDir, file), 'utf8'))?.[1];
        if (id) mailed.set(file, id);
      }
      return new Set(mailed.values());
    };
    const allMailed = async () => {
      const ids = await readMail();
      return sold.every((id) => ids.has(id));
    };
    const mailOn = agents.every((a) => a.mail);
    while (mailOn && Date.now() < deadline && !(await allMailed())) await new Promise((r) => setTimeout(r, 100));
    const mailLags: number[] = [];
    const mailedIds = await readMail();
    if (agents.some((a) => a.mail)) {
      for (const [file, id] of mailed) {
        const soldAt = await soldAtOf(id);
        if (soldAt) mailLags.push((await stat(path.join(mailDir, file))).mtimeMs - soldAt);
      }
    }
    const line = (name: string, ms: number[], target?: number) =>
      `${name.padEnd(34)} n=${String(ms.length).padStart(4)}  p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(ms, 95).toFixed(0).padStart(5)} ms  max ${Math.max(...ms).toFixed(0).padStart(5)} ms${target ? `  (target p95 <= ${target} ms: ${percentile(ms, 95) <= target ? 'met' : 'NOT met'})` : ''}`;
    const pushes = sold.map((id) => pushed.get(id)).filter((v): v is number => v !== undefined);
    const hooks = sold.map((id) => hooked.get(id)).filter((v): v is number => v !== undefined);
    console.log(
      [
        `${sold.length} of ${SALES} posted leads sold in ${postSeconds.toFixed(1)} s (${CLIENTS} clients, ${AGENTS} agents); ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
        line('sale -> socket (browser) push', pushes, 2000),
        line('sale -> webhook at the CRM', hooks, 2000),
        mailLags.length ? line('sale -> e-mail file written', mailLags) : 'sale -> e-mail file written: no alert e-mails (the alert settings route is not there)',
        line('raw: put -> stream record read', raw),
        `missing: ${sold.length - pushes.length} pushes, ${sold.length - hooks.length} webhooks${mailOn ? `, ${sold.filter((id) => !mailedIds.has(id)).length} e-mails` : ''}`,
      ].join('\n'),
    );
    expect(pushes.length).toBe(sold.length);
    expect(hooks.length).toBe(sold.length);
    if (mailOn) expect(mailLags.length).toBe(sold.length);
  }, 900_000);
});

const soldAtCache = new Map<string, number>();
async function soldAtOf(userFacingId: string): Promise<number | undefined> {
  if (soldAtCache.has(userFacingId)) return soldAtCache.get(userFacingId);
  const { Lead } = await import('#entities/lead.ts');
  const { LeadSale } = await import('#entities/lead-sale.ts');
  const lead = await Lead.query.byNumber(Number(userFacingId)).first();
  const sale = lead ? (await LeadSale.query.ofLead(lead.leadId).all())[0] : undefined;
  const at = sale ? Date.parse(sale.at) : undefined;
  if (at) soldAtCache.set(userFacingId, at);
  return at;
}
