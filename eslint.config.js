import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/**
 * What each web feature lets other features import: its public surface. Everything else in a feature is its own, so
 * a page can be reshaped without reading the rest of the app. A feature not listed exports nothing to the others (the
 * app shell in src/web/app composes them all).
 */
const webFeatureExports = {
  accounts: ['api.ts', 'new-password-field.tsx', 'use-known-session.ts'],
  'admin-services': ['api.ts'],
  'admin-users': ['api.ts'],
  blocks: [
    'api.ts',
    'block-button.tsx',
    'blocked-composer.tsx',
    'blocked-members-section.tsx',
    'folded-messages.tsx',
    'use-folded-messages.ts',
  ],
  conversations: ['api.ts', 'details-confirm-dialog.tsx', 'price-fields.tsx'],
  feedback: ['api.ts', 'truncated-title.tsx'],
  'member-reports': ['api.ts', 'report-dialog.tsx'],
  moderation: ['api.ts', 'report-service-button.tsx'],
  'message-search': ['message-search-box.tsx'],
  payments: ['pay-button.tsx', 'stripe-card-form.tsx', 'test-card-form.tsx'],
  payouts: ['payouts-card.tsx'],
  portfolio: ['portfolio-section.tsx'],
  profiles: ['api.ts'],
  progression: ['progress-stats-card.tsx'],
  requests: ['my-requests-tab.tsx'],
  schools: ['api.ts', 'verified-marks.tsx'],
  reviews: ['rating-badge.tsx', 'ratings-section.tsx', 'review-dialog.tsx', 'review-list.tsx'],
  services: [
    'api.ts',
    'category-icon.tsx',
    'category-page.tsx',
    'category-tiles.tsx',
    'discover-services-page.tsx',
    'service-card.tsx',
    'service-filters-bar.tsx',
  ],
  settlement: ['api.ts', 'deal-summary.ts', 'payment-panel.tsx'],
};
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url));

/** One zone per pair of web features: a feature may import another only through the files that one exports. */
const webFeatureZones = webFeatures.flatMap((target) =>
  webFeatures
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./src/web/features/${target}`,
      from: `./src/web/features/${from}`,
      except: (webFeatureExports[from] ?? []).map((file) => `./${file}`),
      message: `${from} lets other features import only: ${(webFeatureExports[from] ?? ['nothing']).join(', ')} (webFeatureExports).`,
    })),
);

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
            // lib/ is generic too: the live hook and the chat kit take what a feature supplies.
            { target: './src/web/lib', from: './src/web/features', message: 'lib/ never imports a feature.' },
            ...webFeatureZones,
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
