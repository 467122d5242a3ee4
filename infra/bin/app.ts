// CDK entry (`npx cdk synth`, `npx cdk deploy -c stage=prod`): the CLI synthesizes the app on exit.
import { createApp } from '../lib/create-app.ts';

createApp();
