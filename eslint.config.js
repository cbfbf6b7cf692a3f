// ESLint (flat config): typescript-eslint's recommended rules and the layer rule (eslint/layers.js).
// Run by `npm run lint`, which `npm test` runs first.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers.js';

export default tseslint.config(
  // ax-helper.js is a macOS JXA script run by osascript (its globals are not Node's).
  { ignores: ['dist/**', '**/node_modules/**', 'examples/**/dist/**', 'src/platform/darwin/ax-helper.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/no-upward-import': 'error',
      // `_name` marks a parameter or binding kept on purpose (a callback's shape, a rest split).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Errors here are rewritten into protocol errors whose message is the point; a cause chain
      // would carry platform text (possibly typed input) along (P-SENS-1).
      'preserve-caught-error': 'off',
    },
  },
  {
    // Plain Node scripts (test helpers run as child processes, the layer rule itself).
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
  },
);
