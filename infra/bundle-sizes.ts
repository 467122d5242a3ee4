// Sizes of what we ship: each Lambda bundle (built with the stack's own esbuild settings) and the
// frontend's initial JavaScript. `npx tsx infra/bundle-sizes.ts` prints a table; the bench imports
// the functions.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { AREAS, JOBS, type JobName } from '#shared/manifest.ts';
import { areaEntry, jobEntries } from '../functions/areas.ts';
import { esbuildOptions, REPO_ROOT } from './lib/bundling.ts';
import { AREA_NEEDS, JOB_NEEDS } from './lib/function-needs.ts';
import { writeZipDataFiles, type ZipData } from './lib/zip-data-files.ts';

export interface BundleSize {
  name: string;
  /** Bytes of the bundled JavaScript (the source map is not counted). */
  raw: number;
  gzip: number;
  /** Files shipped beside the bundle (the generated zip data), raw and gzipped, counted apart. */
  data?: { raw: number; gzip: number };
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Bundle every area and job into a temporary folder and measure each `index.mjs` and its data files. */
export async function lambdaBundleSizes(): Promise<BundleSize[]> {
  const entries: [string, string, ZipData | undefined][] = [
    ...AREAS.map((area): [string, string, ZipData | undefined] => [area, areaEntry(area), AREA_NEEDS[area].zipData]),
    ...(Object.keys(JOBS) as JobName[]).map((job): [string, string, ZipData | undefined] => [`job:${job}`, jobEntries[job], JOB_NEEDS[job].zipData]),
  ];
  const outRoot = mkdtempSync(path.join(tmpdir(), 'leadportal-bundles-'));
  try {
    return await Promise.all(
      entries.map(async ([name, entry, zipData]) => {
        const outdir = path.join(outRoot, name.replace(':', '-'));
        await build(esbuildOptions(entry, outdir));
        const code = readFileSync(path.join(outdir, 'index.mjs'));
        const dataFiles = zipData ? await writeZipDataFiles(outdir, zipData) : [];
        const data = dataFiles.map((file) => readFileSync(file));
        return {
          name,
          raw: code.length,
          gzip: gzipSize(code),
          ...(data.length ? { data: { raw: data.reduce((sum, d) => sum + d.length, 0), gzip: data.reduce((sum, d) => sum + gzipSize(d), 0) } } : {}),
        };
      }),
    );
  } finally {
    rmSync(outRoot, { recursive: true, force: true });
  }
}

/** Local files a page loads before it runs: module scripts and modulepreload links of index.html. */
function initialScripts(html: string): string[] {
  const urls = [
    ...html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g),
    ...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g),
  ].map((m) => m[1]!);
  return urls.filter((url) => !/^(https?:)?\/\//.test(url));
}

/**
 * The frontend's initial JavaScript: the entry scripts plus every chunk they import statically,
 * followed transitively (dynamic imports are lazy routes and are left out). esbuild's metafile
 * classifies each import, so no regular expression guesses at minified code.
 */
export async function frontendInitialJs(distDir = path.join(REPO_ROOT, 'frontend/dist')): Promise<(BundleSize & { files: string[] }) | undefined> {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return undefined;
  const pending = initialScripts(readFileSync(indexHtml, 'utf8')).map((url) => path.join(distDir, url.replace(/^\//, '')));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const { metafile } = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
      // Only this file's own imports are wanted; everything it imports stays external.
      plugins: [{ name: 'imports-only', setup: (b) => b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true })) }],
    });
    const input = Object.values(metafile.inputs)[0];
    for (const imported of input?.imports ?? []) {
      if (imported.kind === 'import-statement' && !/^(https?:)?\/\//.test(imported.path)) {
        pending.push(path.resolve(path.dirname(file), imported.path));
      }
    }
  }
  const files = [...seen].sort();
  return {
    name: 'frontend initial JS',
    raw: files.reduce((sum, f) => sum + statSync(f).size, 0),
    // Each file is fetched and compressed on its own, so the sizes add up per file.
    gzip: files.reduce((sum, f) => sum + gzipSize(readFileSync(f)), 0),
    files: files.map((f) => path.relative(distDir, f)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const rows = await lambdaBundleSizes();
  const width = Math.max(...rows.map((r) => r.name.length), 'frontend initial JS'.length);
  console.log(`${'bundle'.padEnd(width)}  ${'raw'.padStart(11)}  ${'gzip'.padStart(11)}  data files beside it (raw / gzip)`);
  for (const row of rows) {
    const data = row.data ? `  ${kb(row.data.raw)} / ${kb(row.data.gzip)}` : '';
    console.log(`${row.name.padEnd(width)}  ${kb(row.raw).padStart(11)}  ${kb(row.gzip).padStart(11)}${data}`);
  }
  const frontend = await frontendInitialJs();
  if (frontend) {
    console.log(`${frontend.name.padEnd(width)}  ${kb(frontend.raw).padStart(11)}  ${kb(frontend.gzip).padStart(11)}  (${frontend.files.length} files)`);
  } else {
    console.log('frontend: no build at frontend/dist (run `npm run build` first)');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
