// Rebuilds views from the facts (`npm run rebuild -- <view>|all`): every stored item of the views'
// source entities goes through them as the INSERT of itself, as if the stream delivered it now. A view
// applies a record idempotently, so a rebuild over a view already kept changes nothing, and one over a
// new or damaged view makes it whole. A one-off job's scan, never a request's path.
import { scanSegments } from '#platform/db.ts';
import type { ChangeRecord } from '#platform/stream.ts';
import { ALL_VIEWS, type View } from './projector.ts';

export interface RebuildSummary {
  views: string[];
  scanned: number;
  applied: number;
}

/** The views a rebuild names: `all`, or their names; throws on a name no view has. */
export function viewsNamed(names: readonly string[], views: readonly View[] = ALL_VIEWS): View[] {
  if (names.includes('all')) return [...views];
  const unknown = names.filter((n) => !views.some((v) => v.name === n));
  if (unknown.length || names.length === 0)
    throw new Error(`${unknown.length ? `No view named ${unknown.join(', ')}` : 'Name a view'}. Views: ${views.map((v) => v.name).join(', ')}, or all.`);
  return views.filter((v) => names.includes(v.name));
}

export async function rebuildViews(views: readonly View[]): Promise<RebuildSummary> {
  const sources = [...new Set(views.flatMap((v) => v.sources))];
  const names = Object.fromEntries(sources.map((_s, i) => [`:e${i}`, _s]));
  let applied = 0;
  const { scanned } = await scanSegments(
    { filter: `#entity IN (${Object.keys(names).join(', ')})`, names: { '#entity': 'entity' }, values: names },
    async (item) => {
      const record: ChangeRecord = { eventId: `rebuild:${String(item.pk)}:${String(item.sk)}`, eventName: 'INSERT', sequenceNumber: '', keys: { pk: String(item.pk), sk: String(item.sk) }, newImage: item };
      for (const view of views) if (view.sources.includes(String(item.entity))) await view.apply(record);
      applied++;
    },
  );
  await Promise.all(views.map((view) => view.afterBatch?.()));
  return { views: views.map((v) => v.name), scanned, applied };
}
