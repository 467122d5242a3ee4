// A Lambda-like invocation context for handlers run in-process by the local gateway and scheduler.
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { LOCAL_REGION } from './settings.ts';

const ACCOUNT = '000000000000';

export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  const callbackStyle = () => {
    throw new Error('Callback-style Lambda completion is not supported; return a promise.');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: callbackStyle,
    fail: callbackStyle,
    succeed: callbackStyle,
  };
}
