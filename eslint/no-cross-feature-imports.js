// ESLint rule: a module in frontend/src/features/<a>/ may not import from frontend/src/features/<b>/
// (b ≠ a), whether through the `@/` alias, a relative path, a re-export or a dynamic import. Features
// meet only in routes and share code through components/ and api/ (conventions.md, bulletproof-react).
import path from 'node:path';

const FEATURES = `${path.sep}src${path.sep}features${path.sep}`;

/** The feature folder a path lies in, with the src folder above it; null outside features/. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at === -1) return null;
  const name = file.slice(at + FEATURES.length).split(path.sep)[0];
  return name ? { src: file.slice(0, at + `${path.sep}src`.length), name } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid a frontend feature from importing another feature' },
    messages: {
      crossFeature:
        "Feature '{{from}}' may not import from feature '{{to}}'. Move the shared piece to src/components/ or src/api/, or compose both in a route.",
    },
    schema: [],
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const own = featureOf(filename);
    if (!own) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('@/')) target = path.join(own.src, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(filename), spec);
      else return;
      const other = featureOf(`${target}${path.sep}`);
      if (other && other.src === own.src && other.name !== own.name) {
        context.report({ node, messageId: 'crossFeature', data: { from: own.name, to: other.name } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};
