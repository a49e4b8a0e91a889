// The check of the page's modules (scripts/test): ESLint's recommended rules, which find names
// that are not defined, variables and imports left unused, unreachable code and the like. The
// page is plain ES modules for the browser; sw.js and the workers run in a worker's scope.
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  // `const { a, ...rest } = o` names `a` to leave it out of `rest`.
  { rules: { 'no-unused-vars': ['error', { ignoreRestSiblings: true }] } },
  {
    files: ['www/**/*.js', '*.js'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    files: ['www/*-worker.js', 'sw.js'],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  {
    files: ['tests/**/*.mjs', 'scripts/**/*.mjs', 'benches/**/*.mjs'],
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
];
