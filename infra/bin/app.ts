// CDK entry (`npx cdk synth`, `npx cdk deploy -c stage=prod -c apiDomain=... -c apiCertificateArn=...`): the CLI synthesizes the app on exit.
import { createApp } from '../lib/create-app.ts';

createApp();
