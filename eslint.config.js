import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Boundaries, so the house keeps its shape as it grows:
 * - a web feature never imports another feature (what two features share lives in web/src/lib or
 *   web/src/components), nor the app shell;
 * - web/src/{lib,components,hooks} never import a feature or the app;
 * - the server's cross-cutting layer (db, lib, config, jobs, plugins) never imports a module;
 * - a server module never imports another module's repository: its tables are written by its own repository
 *   only, and other modules call its service or its public face (e.g. wallets/wallets.ts);
 * - contract/ imports neither side (nor their frameworks): both sides import it.
 */
const directoriesIn = (path) =>
  readdirSync(join(import.meta.dirname, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = directoriesIn('web/src/features');
const modules = directoriesIn('server/src/modules');

const restrict = (message, ...group) => ({ group, message });

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const boundaries = [
  ...features.map((feature) => {
    const others = features.filter((other) => other !== feature);
    const crossing = `A feature does not import another feature: move what "${feature}" shares to web/src/lib or web/src/components.`;
    return {
      files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                // By the alias: every feature but its own (also one created after this config was read).
                regex: `^@web/features/(?!${escapeRegex(feature)}(?:/|$))`,
                message: crossing,
              },
              {
                // Relatively, however deep the importing file is: `../<other>`, `../../<other>`,
                // `../../../features/<other>`. (A gitignore-style group such as `../../*` would also
                // catch `../../../lib/…` and `../../<own>/…`, and miss `../<other>` from a feature's root.)
                regex: `^(?:\\.\\./)+(?:features/)?(?:${others.map(escapeRegex).join('|')})(?:/|$)`,
                message: crossing,
              },
              {
                // `@web/app…`, or `../…/app…` relatively.
                regex: '^(?:@web/|(?:\\.\\./)+)app(?:/|$)',
                message: 'A feature does not import the app shell.',
              },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['web/src/{lib,components,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              'Shared web code does not depend on a feature or the app.',
              '@web/features',
              '@web/features/*',
              '@web/app',
              '@web/app/*',
              '**/features/*',
              '**/app/*',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/{db,lib,config,jobs,plugins}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              "The server's cross-cutting layer does not import a module: pass what it needs in (options, callbacks).",
              '**/modules/*',
            ),
          ],
        },
      ],
    },
  },
  ...modules.map((module) => ({
    files: [`server/src/modules/${module}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<other>/<name>.repository`, however reached; the module's own `./<name>.repository` is fine.
              regex: `(?:^|/)(?!${escapeRegex(module)}/)[^./][^/]*/[^/]+\\.repository$`,
              message: `A module does not import another module's repository: call that module's service or its public face (e.g. wallets/wallets.ts, transactions/history.ts).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              'The contract imports neither side: both sides import it.',
              '@web/*',
              '**/server/*',
              '**/web/*',
              'fastify',
              'kysely',
              'react',
              'react-dom',
            ),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'coverage', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...boundaries,
  {
    // Plain Node scripts (the `globals` package is not a dependency, so name the two they use).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    // CommonJS the server requires before its TypeScript loader exists (server/src/cluster-worker-guard.cjs).
    files: ['server/src/**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { console: 'readonly', process: 'readonly', require: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Money is BigInt minor units; a stray parseFloat on an amount is a bug worth a lint error.
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Amounts are BigInt minor units: use the money module.' },
      ],
    },
  },
);
