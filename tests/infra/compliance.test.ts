// The real synth (esbuild bundling, cdk-nag, a frontend build): cdk-nag finds nothing that is not
// acknowledged, the template passes the offline CloudFormation validator, and every bundle loads.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { RegoEngine, type StandardDiagnostic, TemplateFile } from '@aws/cloudformation-validate';
import { build } from 'esbuild';
import { areaEntry } from '../../functions/areas.ts';
import { AREAS } from '#shared/manifest.ts';
import { esbuildOptions } from '../../infra/lib/bundling.ts';
import { AREA_NEEDS } from '../../infra/lib/function-needs.ts';
import { applyNagChecks } from '../../infra/lib/nag.ts';
import { appOutdir, FRONTEND_FIXTURE, logicalIdOf, resourcesOf, synthesize, type Synthesized } from './support/synth.ts';

let synth: Synthesized;

beforeAll(() => {
  // Throws with cdk-nag's report if any finding is not acknowledged.
  synth = synthesize({ bundling: true, frontendDist: FRONTEND_FIXTURE });
});

describe('cdk-nag (AWS Solutions)', () => {
  it('reports no unacknowledged finding in the synthesized assembly', () => {
    const report = JSON.parse(readFileSync(path.join(synth.outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { summary?: { pluginName?: string }; violations?: unknown[] }[];
    };
    expect(report.pluginReports).toEqual([]);
  });

  it('leaves no warning or error annotation on the stack', () => {
    const messages = synth.artifact.messages.filter((m) => m.level !== 'info');
    expect(messages.map((m) => `${m.id}: ${String(m.entry.data)}`)).toEqual([]);
  });

  it('stops the synth on a finding nobody acknowledged', () => {
    const app = new App({ builtinCloudFormationValidation: false, outdir: appOutdir() });
    new Bucket(new Stack(app, 'Probe'), 'Unlogged');
    applyNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});

/**
 * Warnings the validator raises on purpose-built parts of the template, each with why it stays.
 * Anything else, and any error, fails the test.
 */
const EXPLAINED_WARNINGS: Record<string, (d: StandardDiagnostic) => boolean> = {
  // CDK makes each function depend on its role's policy and the role; the role half is redundant but harmless.
  W3005: (d) => d.entity?.resourceType === 'AWS::Lambda::Function',
  // The uploads bucket's invoke permission names the bucket by its fixed name, breaking a
  // bucket -> function -> policy -> bucket reference cycle (see infra/lib/data-buckets.ts).
  W9002: (d) => /UploadsInvokesJob/.test(d.entity?.logicalId ?? '') && d.propertyPath === 'Properties.SourceArn',
};

describe('offline CloudFormation validation', () => {
  it('finds no error and only the explained warnings', () => {
    const engine = new RegoEngine();
    try {
      const report = engine.validateStandard(new TemplateFile(synth.artifact.templateFullPath), { severityLevel: 'WARN' });
      expect(report.status).toBe('OK');
      const unexplained = report.diagnostics.filter((d) => !(d.severity === 'WARN' && EXPLAINED_WARNINGS[d.ruleId]?.(d)));
      expect(unexplained.map((d) => `${d.severity} ${d.ruleId} ${d.entity?.logicalId ?? ''}: ${d.message}`)).toEqual([]);
    } finally {
      engine.free();
    }
  });
});

/** Stand-ins for what the stack sets, so each bundle's cold-start configuration check passes. */
const LAMBDA_ENV = {
  TABLE_NAME: 'infra-test',
  STAGE: 'dev',
  AWS_REGION: 'us-east-1',
  APP_ORIGIN: 'https://portal.example.com',
  UPLOADS_BUCKET: 'uploads',
  EXPORTS_BUCKET: 'exports',
  OIDC_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example',
  OIDC_CLIENT_ID: 'client',
  PAYMENT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:payment',
  WEBHOOK_SIGNING_KEY_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:webhook-signing-key',
  DELIVERY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/webhook-deliveries',
};

/** Imports each file in one Node process; prints the type of `handler` or the load error per file. */
const IMPORT_SCRIPT = `
for (const file of JSON.parse(process.argv[1])) {
  try { console.log(typeof (await import(file)).handler); }
  catch (error) { console.log('failed: ' + String(error).split('\\n')[0].slice(0, 300)); }
}`;

describe('Lambda bundles', () => {
  it('are ESM files that load on Node and export handler', async () => {
    const functions = { ...synth.stack.areaFunctions, ...synth.stack.jobFunctions, liveSocket: synth.stack.liveSocket, projector: synth.stack.projector, deliveries: synth.stack.deliveries, webhookWorker: synth.stack.webhookWorker };
    const resources = resourcesOf(synth.template);
    const files = Object.values(functions).map((fn) => {
      const code = resources[logicalIdOf(synth.stack, fn)]!.Properties?.Code as { S3Key: string };
      return pathToFileURL(path.join(synth.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs')).href;
    });
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', IMPORT_SCRIPT, JSON.stringify(files)], {
      env: { PATH: process.env.PATH, ...LAMBDA_ENV },
    });
    const loaded = Object.fromEntries(Object.keys(functions).map((name, i) => [name, stdout.trim().split('\n')[i]]));
    expect(loaded).toEqual(Object.fromEntries(Object.keys(functions).map((name) => [name, 'function'])));
  });

  it.each([
    ['live socket', 'functions/live/socket.ts', 'liveSocket'],
    ['projector', 'functions/jobs/projector.ts', 'projector'],
    ['delivery function', 'functions/jobs/deliveries.ts', 'deliveries'],
    ['webhook delivery worker', 'functions/jobs/webhook-deliver.ts', 'webhookWorker'],
    ['webhooks area', 'functions/webhooks/handler.ts', 'webhooks'],
  ] as const)('build the %s from %s', (_name, entry, which) => {
    const fn = which === 'webhooks' ? synth.stack.areaFunctions.webhooks : synth.stack[which];
    const code = resourcesOf(synth.template)[logicalIdOf(synth.stack, fn)]!.Properties?.Code as { S3Key: string };
    const map = JSON.parse(readFileSync(path.join(synth.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.filter((source) => source.endsWith(entry))).toHaveLength(1);
  });

  it('are byte for byte what infra/bundle-sizes.ts measures', async () => {
    const resources = resourcesOf(synth.template);
    const code = resources[logicalIdOf(synth.stack, synth.stack.areaFunctions.me)]!.Properties?.Code as { S3Key: string };
    const deployed = readFileSync(path.join(synth.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs'));
    const outdir = path.join(synth.outdir, 'bundle-sizes-me');
    await build(esbuildOptions(areaEntry('me'), outdir));
    const measured = readFileSync(path.join(outdir, 'index.mjs'));
    const firstDifference = measured.findIndex((byte, i) => byte !== deployed[i]);
    expect({ length: measured.length, firstDifference, around: measured.subarray(firstDifference - 60, firstDifference + 60).toString() }).toEqual({
      length: deployed.length,
      firstDifference: -1,
      around: '',
    });
  });
});

describe('US ZIP data', () => {
  const assetDir = (fn: Synthesized['stack']['areaFunctions'][keyof Synthesized['stack']['areaFunctions']]) => {
    const code = resourcesOf(synth.template)[logicalIdOf(synth.stack, fn)]!.Properties?.Code as { S3Key: string };
    return path.join(synth.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
  };

  it('ships the look-up table only with address, sales, campaigns (bid zips), orders (zips by state) and intake (distances to agents), the valid-zip set also with account and rules, and the package with none', () => {
    const shipped = Object.fromEntries(
      AREAS.map((area) => {
        const dir = assetDir(synth.stack.areaFunctions[area]);
        return [area, ['zip-table.bin', 'zip-set.bin'].filter((file) => existsSync(path.join(dir, file)))];
      }),
    );
    expect(Object.fromEntries(Object.entries(shipped).filter(([, files]) => files.length > 0))).toEqual({
      account: ['zip-set.bin'],
      orders: ['zip-table.bin', 'zip-set.bin'],
      campaigns: ['zip-table.bin', 'zip-set.bin'],
      address: ['zip-table.bin', 'zip-set.bin'],
      rules: ['zip-set.bin'],
      sales: ['zip-table.bin', 'zip-set.bin'],
      intake: ['zip-table.bin', 'zip-set.bin'],
    });
    for (const area of AREAS) {
      const bundle = readFileSync(path.join(assetDir(synth.stack.areaFunctions[area]), 'index.mjs'), 'utf8');
      // A record of the package's data array, which would mean the 7 MB table was bundled.
      expect(bundle, area).not.toContain('"placeName":"Akutan"');
      expect(statSync(path.join(assetDir(synth.stack.areaFunctions[area]), 'index.mjs')).size, area).toBeLessThan(2 * 1024 * 1024);
    }
  });

  it('is declared in function-needs for exactly the areas whose deployed code reads it', () => {
    // The deployed bundle's source map names every file whose code it kept.
    const readers = AREAS.filter((area) => {
      const map = JSON.parse(readFileSync(path.join(assetDir(synth.stack.areaFunctions[area]), 'index.mjs.map'), 'utf8')) as { sources: string[] };
      return map.sources.some((source) => source.endsWith('functions/core/address/zip-data.ts'));
    });
    // And no area declares the files without reading them.
    expect(readers).toEqual(AREAS.filter((area) => AREA_NEEDS[area].zipData !== undefined));
  });
});
