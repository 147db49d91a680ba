import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      // Without these, import-x reads no TypeScript module's imports, and no-cycle finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Imports flow one way (STYLE.md 6): web -> domain (and the router's type); server -> domain; domain -> nothing.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: './src/server', message: 'The domain is pure: no server code.' },
            { target: './src/domain', from: './src/web', message: 'The domain is pure: no web code.' },
            { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
            {
              target: './src/web',
              from: './src/server',
              except: ['./router.ts'],
              message: 'The web app imports only the router type from the server.',
            },
            // ui/ is generic: what a feature adds (a presence dot) is passed in, as a prop or a provided slot.
            { target: './src/web/ui', from: './src/web/features', message: 'ui/ never imports a feature.' },
            { target: './src/web/ui', from: './src/web/app', message: 'ui/ never imports the app shell.' },
            // The server's infrastructure is generic: features plug in through the composition root (wiring.ts).
            ...['events', 'realtime', 'db', 'files', 'jobs'].map((folder) => ({
              target: `./src/server/${folder}`,
              from: './src/server/features',
              message: `${folder}/ never imports a feature: the feature exports its part and src/server/wiring.ts wires it.`,
            })),
            // Event and channel payloads are plain types that every side may import, so they import only the domain.
            {
              target: './src/server/contracts',
              from: './src/server',
              except: ['./contracts'],
              message: 'contracts/ imports only src/domain and other contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles. This rule follows value imports only; src/server/import-graph.test.ts counts type-only ones
    // too.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      // Only the type of the router may cross from server to web.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/router'], allowTypeImports: true, message: 'Import the router as a type only.' },
          ],
        },
      ],
    },
  },
);
