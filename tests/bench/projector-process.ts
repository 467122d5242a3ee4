// The local projector (infra/local/projector.ts) in a process of its own, for the leads benchmark: as
// in AWS, where the projector is a Lambda of its own, its work shares the machine and DynamoDB Local
// with the requests but not their event loop. The environment (TABLE_NAME, DYNAMODB_ENDPOINT) is the
// parent's. Messages: 'lags' (answered at once with the lags of the records applied so far), 'stop'.
import { startLocalProjector } from '../../infra/local/projector.ts';

const projector = await startLocalProjector({ endpoint: process.env.DYNAMODB_ENDPOINT!, tableName: process.env.TABLE_NAME! });
process.on('message', (message) => {
  if (message === 'lags') process.send!({ lags: projector.lags });
  else if (message === 'stop') void projector.stop().then(() => process.exit(0));
});
process.send!('ready');
