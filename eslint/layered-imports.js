// ESLint rule: the server's layers import downwards only. An area (functions/<area>/) calls core,
// core calls entities, entities call platform, and nothing climbs back; shared/ and events/ are open
// to every layer, so they import nothing of functions/ (shared/ runs in the browser too). An area may not import another area's files, nor an entity's values (it reads
// through a core function; `import type` of an entity's type is allowed, types make no call).
// Aliases (#core/*, #entities/*, #platform/*, #shared/*, #events/*) and relative paths are both
// resolved. Files directly in functions/ (areas.ts) and everything outside functions/, shared/ and
// events/ (tests/, infra/, frontend/) are not checked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lies in eslint/), whatever folder ESLint runs from. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ALIASES = {
  '#core/': 'functions/core/',
  '#entities/': 'functions/entities/',
  '#platform/': 'functions/platform/',
  '#shared/': 'shared/',
  '#events/': 'events/',
};

/** What each layer may import (besides shared and events, open to all). */
const ALLOWED = {
  open: [],
  platform: ['platform'],
  entities: ['entities', 'platform'],
  core: ['core', 'entities', 'platform'],
  area: ['core', 'platform', 'own area'],
};

/** The layer of a repository-relative path: platform, entities, core, area (with its name), or an open one. */
function layerOf(relative) {
  const parts = relative.split('/');
  if (parts[0] === 'shared' || parts[0] === 'events') return { layer: 'open', folder: parts[0] };
  if (parts[0] !== 'functions' || parts.length < 3) return { layer: 'outside' };
  const folder = parts[1];
  if (folder === 'platform' || folder === 'entities' || folder === 'core') return { layer: folder };
  return { layer: 'area', area: folder };
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'keep the server layers (area → core → entities → platform) importing downwards only' },
    messages: {
      upwards: "{{from}} may not import {{to}} ('{{spec}}'): areas call core, core calls entities, entities call platform.",
      crossArea:
        "Area '{{from}}' may not import area '{{to}}' ('{{spec}}'): move the shared piece into functions/core/ or shared/.",
      openLayer: "{{from}}/ may not import {{to}} ('{{spec}}'): shared/ and events/ are open to every layer and import nothing of functions/.",
      entityValue:
        "Area '{{from}}' may not read entities directly ('{{spec}}'): go through a function in functions/core/ (import type is fine).",
    },
    schema: [],
  },
  create(context) {
    const root = ROOT;
    const filename = path.resolve(context.filename);
    const own = layerOf(path.relative(root, filename).split(path.sep).join('/'));
    if (!ALLOWED[own.layer]) return {};

    function check(node, source, typeOnly) {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
      if (alias) target = ALIASES[alias] + spec.slice(alias.length);
      else if (spec.startsWith('.')) target = path.relative(root, path.resolve(path.dirname(filename), spec)).split(path.sep).join('/');
      else return;
      const to = layerOf(target);
      if (to.layer === 'open') return;
      const name = (l) => (l.layer === 'area' ? `area '${l.area}'` : l.layer === 'outside' ? 'code outside functions/' : `functions/${l.layer}`);
      if (own.layer === 'area') {
        if (to.layer === 'area') {
          if (to.area !== own.area) context.report({ node, messageId: 'crossArea', data: { from: own.area, to: to.area, spec } });
          return;
        }
        if (to.layer === 'entities') {
          if (!typeOnly) context.report({ node, messageId: 'entityValue', data: { from: own.area, spec } });
          return;
        }
      }
      if (own.layer === 'open') {
        context.report({ node, messageId: 'openLayer', data: { from: own.folder, to: name(to), spec } });
        return;
      }
      if (!ALLOWED[own.layer].includes(to.layer)) {
        context.report({ node, messageId: 'upwards', data: { from: name(own), to: name(to), spec } });
      }
    }

    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null, false),
    };
  },
};
