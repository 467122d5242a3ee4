// Lint rules for the whole repository: typescript-eslint's recommended set, React hooks in the
// frontend, a guard that features never import each other, the server's layers importing downwards
// only (eslint/layered-imports.js), and DynamoDB's clients only in the server's platform layer
// (functions/platform/), which owns every command the table receives.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noCrossFeatureImports from './eslint/no-cross-feature-imports.js';
import layeredImports from './eslint/layered-imports.js';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', '.data', 'frontend/dist', 'dist', 'frontend/src/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    ignores: ['functions/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb', '@aws-sdk/client-dynamodb-streams'].map((name) => ({
            name,
            message: 'DynamoDB is reached through functions/platform/ (db.ts, entity.ts, dynamo.ts, stream.ts) only.',
          })),
        },
      ],
    },
  },
  {
    // Areas call core, core calls entities, entities call platform; nothing climbs back (issue 20).
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'events/**/*.ts'],
    plugins: { server: { rules: { 'layered-imports': layeredImports } } },
    rules: { 'server/layered-imports': 'error' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, leadportal: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'leadportal/no-cross-feature-imports': 'error',
      // Mantine's Loader is a bare span: a name on it without a role is axe's serious aria-prohibited-attr,
      // met only by a page audited while it loads (a browser test failed on it in CI).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Loader']:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message: 'A Loader with an aria-label needs a role (role="status"): a span may not carry a name without one.',
        },
        {
          selector: "JSXOpeningElement > JSXMemberExpression[object.name='Table'][property.name='ScrollContainer']",
          message: 'Use ScrollTable (components/scroll-table.tsx): its scroll area is a tab stop, so a keyboard can scroll it on a phone.',
        },
      ],
    },
  },
);
