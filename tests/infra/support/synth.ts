// Synthesizes the CDK app the way `cdk synth` does (cdk.json's context, cdk-nag, real bundling unless
// a test opts out) into a temporary directory, and offers lookups the infra tests share.
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { CloudFormationStackArtifact } from 'aws-cdk-lib/cx-api';
import { REPO_ROOT } from '../../../infra/lib/bundling.ts';
import { createApp } from '../../../infra/lib/create-app.ts';
import type { ApiFunction } from '../../../infra/lib/api-function.ts';
import type { LeadPortalStack } from '../../../infra/lib/leadportal-stack.ts';

/** A minimal Vite-like build, so tests can exercise the frontend deployment without building the app. */
export const FRONTEND_FIXTURE = path.join(REPO_ROOT, 'tests/infra/fixtures/frontend-dist');

export interface SynthOptions {
  /** Bundle every Lambda with esbuild as `cdk synth` does; off, the template is identical but assets are empty. */
  bundling: boolean;
  /** Extra CDK context, e.g. `{ stage: 'prod' }`. */
  context?: Record<string, unknown>;
  /** The frontend build to deploy; by default a folder that does not exist (no deployment). */
  frontendDist?: string;
}

export interface Synthesized {
  stack: LeadPortalStack;
  template: Template;
  artifact: CloudFormationStackArtifact;
  outdir: string;
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[] }>;

function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/** The assemblies this worker has synthesized, by their options. */
const done = new Map<string, Synthesized>();

/**
 * The app synthesized with `options`, once per worker: the infra project's files share a module graph
 * (vitest.config.ts), and a synth is read, never changed, by the tests, so files asking for the same
 * options get the same assembly (a synth is seconds of CPU, and most files ask for the plain one). The
 * assemblies go under the run's directory (synth-setup.ts), which the run removes at its end.
 */
export function synthesize(options: SynthOptions): Synthesized {
  const key = JSON.stringify(options);
  let synthesized = done.get(key);
  if (!synthesized) {
    synthesized = synthesizeOnce(options);
    done.set(key, synthesized);
  }
  return synthesized;
}

function synthesizeOnce(options: SynthOptions): Synthesized {
  const outdir = mkdtempSync(path.join(inject('synthRoot'), 'assembly-'));
  const context = {
    ...cdkJsonContext(),
    ...(options.bundling ? {} : { 'aws:cdk:bundling-stacks': [] }),
    ...options.context,
  };
  const { app, stack } = createApp({
    context,
    outdir,
    frontendDist: options.frontendDist ?? path.join(outdir, 'no-frontend-build'),
    // compliance.test.ts runs the same offline validator on the template, with stricter checks.
    builtinValidation: false,
  });
  const assembly = app.synth();
  const artifact = assembly.getStackByName(stack.stackName);
  return {
    stack,
    template: Template.fromJSON(artifact.template as Record<string, unknown>),
    artifact,
    outdir,
  };
}

/**
 * A directory for an app a test makes itself, under the run's (removed when the run ends): without
 * one, CDK makes a temporary directory of its own for every app, even one never synthesized, and
 * leaves it behind.
 */
export const appOutdir = (): string => mkdtempSync(path.join(inject('synthRoot'), 'app-'));

export function logicalIdOf(stack: Stack, fn: ApiFunction): string {
  return stack.resolve(stack.getLogicalId(fn.fn.node.defaultChild as CfnFunction)) as string;
}

export function resourcesOf(template: Template): Resources {
  return template.toJSON().Resources as Resources;
}

/** The logical id behind `{ "Fn::GetAtt": [id, attribute] }`, or undefined for anything else. */
export function getAttTarget(value: unknown, attribute: string): string | undefined {
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt'];
  return getAtt && getAtt[1] === attribute ? getAtt[0] : undefined;
}
