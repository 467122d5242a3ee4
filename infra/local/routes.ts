// `npm run routes`: the manifest as a table, with each route's state (built, or 501 not built).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AREAS, JOBS, ROUTES, type RouteDef } from '#shared/manifest.ts';
import { areaRoutesModule, jobEntries } from '../../functions/areas.ts';

const root = path.resolve(import.meta.dirname, '../..');

export async function routeStates(): Promise<{ route: RouteDef; built: boolean }[]> {
  const built = new Set<string>();
  for (const area of AREAS) {
    const mod = (await import(pathToFileURL(path.join(root, areaRoutesModule(area))).href)) as { routes: object };
    Object.keys(mod.routes).forEach((id) => built.add(id));
  }
  return (ROUTES as readonly RouteDef[]).map((route) => ({ route, built: built.has(route.id) }));
}

function access(r: RouteDef): string {
  const parts: string[] = [];
  if (r.access?.anyPermission?.length) parts.push(r.access.anyPermission.join(' | '));
  if (r.access?.anyRole?.length) parts.push(`role: ${r.access.anyRole.join(' | ')}`);
  const owner = r.access?.owner;
  if (owner) {
    const where = owner.param !== undefined ? `{${owner.param}}` : `body.${owner.body}`;
    parts.push(`${owner.reach}:${where}${owner.staffMayStop ? ` (staff: ${owner.staffMayStop} false only)` : ''}`);
  }
  return parts.join('; ') || (r.auth === 'session' ? 'any signed-in user' : '-');
}

async function main() {
  const rows = await routeStates();
  const table = rows.map(({ route, built }) => [
    built ? 'built' : '501',
    route.method,
    `/api${route.path}`,
    route.area,
    route.auth,
    access(route),
  ]);
  const header = ['STATE', 'METHOD', 'PATH', 'AREA', 'AUTH', 'ACCESS'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const r of table) console.log(line(r));
  const builtCount = rows.filter((r) => r.built).length;
  console.log(`\n${rows.length} routes: ${builtCount} built, ${rows.length - builtCount} answer 501 Not implemented.`);
  for (const [name, job] of Object.entries(JOBS)) {
    const mod = (await import(pathToFileURL(path.join(root, jobEntries[name as keyof typeof JOBS])).href)) as { implemented?: boolean };
    console.log(`job ${name}: ${mod.implemented === false ? 'not built' : 'built'} (${job.description})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
