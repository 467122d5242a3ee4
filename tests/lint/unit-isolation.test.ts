// The `unit`, `component`, `integration` and `e2e` projects' files share one module graph per worker
// (vitest.config.ts, isolate: false): a file that replaced a module or stubbed the environment there
// would change the modules of the files after it. Every such unit, component or integration file must
// be listed in UNIT_REPLACING_MODULES, COMPONENT_REPLACING_MODULES or INTEGRATION_REPLACING_MODULES,
// whose files each run in a graph of their own; no browser file may be one.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPONENT_REPLACING_MODULES, INTEGRATION_REPLACING_MODULES, REPLACES_MODULES, UNIT_REPLACING_MODULES } from '../support/projects.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The files UNIT and COMPONENT name: *.test.ts under these folders, and *.test.tsx under frontend/src. */
const UNIT_FOLDERS = ['shared', 'functions', 'events', 'infra', 'frontend/src', 'tests/lint'];

async function testFiles(folders: string[], suffix: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of folders)
    for (const f of await readdir(path.join(repoRoot, folder), { recursive: true }))
      if (f.endsWith(suffix) && !f.split(path.sep).includes('node_modules')) files.push(path.posix.join(folder, f.split(path.sep).join('/')));
  return files.sort();
}

async function replacing(files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const f of files) if (REPLACES_MODULES.test(await readFile(path.join(repoRoot, f), 'utf8'))) found.push(f);
  return found;
}

describe('the projects whose files share a module graph', () => {
  it('run every unit file that replaces a module or stubs the environment in a module graph of its own', async () => {
    const files = await testFiles(UNIT_FOLDERS, '.test.ts');
    expect(files.length).toBeGreaterThan(100);
    expect((await replacing(files)).filter((f) => !UNIT_REPLACING_MODULES.includes(f))).toEqual([]);
  });

  it('run every component file that replaces a module in a module graph of its own', async () => {
    const files = await testFiles(['frontend/src'], '.test.tsx');
    expect(files.length).toBeGreaterThan(20);
    expect((await replacing(files)).filter((f) => !COMPONENT_REPLACING_MODULES.includes(f))).toEqual([]);
  });

  it('run every integration file that replaces a module in a module graph of its own', async () => {
    const files = await testFiles(['tests/integration'], '.test.ts');
    expect(files.length).toBeGreaterThan(50);
    expect((await replacing(files)).filter((f) => !INTEGRATION_REPLACING_MODULES.includes(f))).toEqual([]);
  });

  it('leave the browser files, which share a module graph per worker too, with none that replaces a module', async () => {
    const files = await testFiles(['tests/e2e'], '.ts');
    expect(files.length).toBeGreaterThan(20);
    expect(await replacing(files)).toEqual([]);
  });

  it('list only files that exist and still replace something', async () => {
    for (const f of [...UNIT_REPLACING_MODULES, ...COMPONENT_REPLACING_MODULES, ...INTEGRATION_REPLACING_MODULES]) expect(REPLACES_MODULES.test(await readFile(path.join(repoRoot, f), 'utf8')), f).toBe(true);
  });
});
