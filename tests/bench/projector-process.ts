// The local projector (infra/local/projector.ts) in a process of its own, for the leads benchmark: as
// in AWS, where the projector is a Lambda of its own, its work shares the machine and DynamoDB Local
// with the requests but not their event loop. The environment (TABLE_NAME, DYNAMODB_ENDPOINT) is the
// parent's. Messages: 'lags' (answered at once with the lags of the records applied so far), 'calls'
// (its DynamoDB requests so far by view and command, with the items each wrote or read, and the records
// and leads applied), 'settled' (answered once every record written before it is applied), 'stop'.
import { AsyncLocalStorage } from 'node:async_hooks';
import { startLocalProjector } from '../../infra/local/projector.ts';
import { VIEWS } from '#core/views/projector.ts';
import { docClient } from '#platform/dynamo.ts';

/** Which view a request is for (its apply or its after-batch write). */
const viewOf = new AsyncLocalStorage<string>();
/** Records applied so far, and of them the leads stored (a Lead's INSERT). */
const applied = { records: 0, leads: 0 };
for (const view of VIEWS) {
  const { apply, afterBatch } = view;
  view.apply = (record) => {
    // Every record goes through every view: counted once, at the first.
    if (view === VIEWS[0]) {
      applied.records++;
      if (record.eventName === 'INSERT' && record.newImage?.entity === 'Lead') applied.leads++;
    }
    return viewOf.run(view.name, () => apply.call(view, record));
  };
  if (afterBatch) view.afterBatch = () => viewOf.run(view.name, () => afterBatch.call(view));
}
const calls: Record<string, { requests: number; items: number }> = {};
docClient().middlewareStack.add(
  (next, context) => async (a) => {
    const input = a.input as { TransactItems?: unknown[]; RequestItems?: Record<string, unknown[]> };
    // Outside any one view: the stream's reads, and a record's joined counting transaction once its last view has finished.
    const key = `${viewOf.getStore() ?? 'no one view'}: ${(context.commandName ?? '').replace(/Command$/, '')}`;
    const c = (calls[key] ??= { requests: 0, items: 0 });
    c.requests++;
    c.items += input.TransactItems?.length ?? Object.values(input.RequestItems ?? {}).reduce((n, r) => n + r.length, 0);
    return next(a);
  },
  { step: 'initialize', name: 'benchViewCalls' },
);

const projector = await startLocalProjector({ endpoint: process.env.DYNAMODB_ENDPOINT!, tableName: process.env.TABLE_NAME! });
process.on('message', (message) => {
  if (message === 'lags') process.send!({ lags: projector.lags });
  else if (message === 'calls') process.send!({ calls, applied });
  else if (message === 'settled') void projector.settled().then(() => process.send!({ settled: true }));
  else if (message === 'stop') void projector.stop().then(() => process.exit(0));
});
process.send!('ready');
