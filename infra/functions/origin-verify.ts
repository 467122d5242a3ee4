// Lambda authorizer of every API route (HTTP API, simple responses): a request is let through only when
// it carries CloudFront's origin header (./origin-header.ts). API Gateway caches each answer for the
// header's value, so this runs about once per five minutes per edge location, not per request.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ORIGIN_HEADER, originHeaderMatches } from './origin-header.ts';

const secretArn = process.env.ORIGIN_SECRET_ARN;
if (!secretArn) throw new Error('ORIGIN_SECRET_ARN is not set');

let secret: Promise<string> | undefined;

function originSecret(): Promise<string> {
  secret ??= new SecretsManagerClient({})
    .send(new GetSecretValueCommand({ SecretId: secretArn }))
    .then((answer) => {
      if (!answer.SecretString) throw new Error('the origin secret has no value');
      return answer.SecretString;
    })
    .catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
  return secret;
}

export const handler = async (event: { headers?: Record<string, string | undefined> }): Promise<{ isAuthorized: boolean }> => ({
  isAuthorized: originHeaderMatches(event.headers?.[ORIGIN_HEADER], await originSecret()),
});
