// One cold start of the zip data, run by the address benchmark in a fresh Node process from a bundle
// built with the Lambdas' own esbuild settings: prints one JSON line of timings (ms) and memory (MB).
import { loadZipPlaces } from '../../functions/core/address/zip-data.ts';
import { ZipIndex } from '../../functions/core/address/zip-index.ts';

const MB = 1024 * 1024;
/** Milliseconds since the process started: Node startup plus parsing and running this bundle. */
const bundleLoaded = performance.now();
const gc = (globalThis as { gc?: () => void }).gc;

gc?.();
const before = process.memoryUsage();
const start = performance.now();
const places = await loadZipPlaces();
const loaded = performance.now();
const index = new ZipIndex(places);
const built = performance.now();
index.within(index.find('10001')!, 50);
const firstRadius = performance.now() - built;
gc?.();
const after = process.memoryUsage();

console.log(
  JSON.stringify({
    zips: index.size,
    bundleLoadedMs: bundleLoaded,
    loadDataMs: loaded - start,
    buildIndexMs: built - loaded,
    firstRadiusMs: firstRadius,
    heapMb: (after.heapUsed - before.heapUsed) / MB,
    rssMb: (after.rss - before.rss) / MB,
  }),
);
