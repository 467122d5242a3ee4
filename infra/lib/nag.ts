// cdk-nag's AWS Solutions checks, run as a validation plugin on every synth: any finding that is not
// acknowledged (with its reason, beside the construct it concerns) stops the synth.
import { type App, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

export function applyNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

/**
 * Acknowledge AwsSolutions-IAM5 for one wildcard resource (e.g. `<bucket>/*`) in `scope`'s policies,
 * by the exact finding cdk-nag reports for it, so no other wildcard slips through under the same reason.
 */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  const flat = flattenCfnReference(Stack.of(scope).resolve(resource));
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${flat}]`, reason });
}

/** Acknowledge AwsSolutions-IAM5 for wildcard actions CDK's own grants use (e.g. `s3:GetObject*`). */
export function acknowledgeWildcardActions(scope: IConstruct, actions: string[], reason: string): void {
  Validations.of(scope).acknowledge(...actions.map((action) => ({ id: `AwsSolutions-IAM5[Action::${action}]`, reason })));
}
