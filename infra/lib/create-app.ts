// Builds the CDK app: the stage's stack plus cdk-nag checks. Shared by `cdk synth` (infra/bin/app.ts)
// and the infra tests, so both synthesize exactly the same thing.
import path from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { REPO_ROOT } from './bundling.ts';
import { LeadPortalStack } from './leadportal-stack.ts';
import { applyNagChecks } from './nag.ts';
import { stageConfig } from './stage-config.ts';

export interface CreateAppOptions {
  /** CDK context (the CLI passes cdk.json's and `-c` values through the environment instead). */
  context?: Record<string, unknown>;
  outdir?: string;
  /** Defaults to frontend/dist. */
  frontendDist?: string;
  /**
   * CDK's built-in CloudFormation validation after synth (default on, as for `cdk synth`). Tests that
   * run the validator themselves turn it off rather than pay for it twice.
   */
  builtinValidation?: boolean;
}

export function createApp(options: CreateAppOptions = {}): { app: App; stack: LeadPortalStack } {
  const app = new App({
    context: options.context,
    outdir: options.outdir,
    builtinCloudFormationValidation: options.builtinValidation ?? true,
  });
  const config = stageConfig(app.node);
  const stack = new LeadPortalStack(app, `LeadPortal-${config.stage}`, {
    description: `Lead distribution portal (${config.stage})`,
    config,
    frontendDist: options.frontendDist ?? path.join(REPO_ROOT, 'frontend/dist'),
    // Environment-agnostic unless both are given: synth never looks anything up in an account.
    env: config.account && config.region ? { account: config.account, region: config.region } : undefined,
  });
  Tags.of(stack).add('project', 'leadportal');
  Tags.of(stack).add('stage', config.stage);
  applyNagChecks(app);
  return { app, stack };
}
