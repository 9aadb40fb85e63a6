// Lint for web/src: the recommended JavaScript, TypeScript and React hooks
// rules, and the import boundaries of the app's layers. Imports flow one way,
// shared (components, lib) -> features -> pages -> app; features never import
// each other; only tests use the test helpers; react-router is the staff
// console's alone. `make test` runs it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const layer = (type) => ({ to: { element: { type } } });

const testHelpers = { group: ['**/test/*'], message: 'only tests may import the test helpers (src/test)' };
// Every visitor downloads the public site's router: it is src/lib/router.tsx,
// a few kilobytes, not react-router.
const reactRouter = {
  group: ['react-router', 'react-router/*', 'react-router-dom'],
  message: 'the public site routes with src/lib/router.tsx; react-router is for the staff console (src/admin) only',
};

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { boundaries, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'server', pattern: 'src/server' },
        { type: 'page', pattern: 'src/pages' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'component', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'test-support', pattern: 'src/test' },
        { type: 'admin', pattern: 'src/admin' },
      ],
    },
    rules: {
      // The two classic hooks rules. The plugin's recommended set adds the
      // React Compiler's checks, which this app does not use and which
      // misread code here (Date.now() in an event handler, refs passed on).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A leading underscore marks a value left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
              message: 'a feature must not import another feature: move what they share to components/ or lib/',
            },
            {
              from: { element: { types: { anyOf: ['feature', 'page'] } } },
              disallow: layer('app'),
              message: 'features and pages must not import app/: the app composes them, not the other way round',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: layer('page'),
              message: 'a feature must not import a page',
            },
            {
              from: { element: { types: { anyOf: ['component', 'lib'] } } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'page', 'app'] } } } },
              message: 'shared components and lib must not import features, pages or app/',
            },
            {
              from: { element: { types: { anyOf: ['app', 'server', 'page', 'feature', 'component', 'lib'] } } },
              disallow: layer('admin'),
              message: 'the public site must not import the staff console (src/admin): it has a bundle of its own',
            },
            {
              from: { element: { type: 'admin' } },
              disallow: { to: { element: { types: { anyOf: ['app', 'server', 'page', 'feature'] } } } },
              message: 'the staff console may use lib/, components/ and gen/ only, not the public app, pages or features',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testHelpers, reactRouter] }] },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reactRouter] }] },
  },
  // The staff console has a bundle of its own, with react-router.
  {
    files: ['src/admin/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testHelpers] }] },
  },
  {
    files: ['src/admin/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
