// ESLint (flat config): the recommended rules, the import rules that keep the layout honest
// (README, "How it is built"), and the house style (@stylistic), so style is checked by a tool
// and fixed by `npm run format`, not reviewed by hand. The one formatting tool: its rules
// describe how this code was already written (2-space indent, single quotes, semicolons,
// trailing commas, lines up to 200 characters), so adopting it changed a few dozen lines.
// Each folder may import only what its place allows:
//   shared/    the store module, deployed into .consider/ and run by the CLI: no `vscode`, no extension/ or webview/
//   cli/       runs in the agent's terminal: no `vscode`, no extension/ or webview/
//   setup/     setup and uninstall, used by the extension and the terminal: no `vscode`, no extension/ or webview/
//   webview/   runs in the browser: no `node:` modules, no `vscode`, no extension/ or cli/
// and no source module may import itself round a circle (eslint-plugin-import-x: the maintained
// fork of eslint-plugin-import, flat-config native, with a fast resolver).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import stylistic from '@stylistic/eslint-plugin';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

/** no-restricted-imports patterns: a folder and the places it must not reach. */
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});
const NO_VSCODE = [['vscode'], 'vscode exists only in the extension host: keep this code runnable by Node (CLI, tests)'];
const NO_EXTENSION = [['**/extension/**', '**/extension'], 'extension/ is the VS Code wiring: move what you need into shared/ or setup/'];
const NO_WEBVIEW = [['**/webview/**'], 'webview/ is the browser app: share code through shared/ instead'];
const NO_CLI = [['**/cli/**'], 'cli/ is the agent-facing command: share code through shared/'];
const NO_NODE = [['node:*', 'fs', 'path', 'os', 'child_process'], 'the board runs in a browser: no Node modules'];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.run/**', 'e2e/shots/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a signature to satisfy, a field to drop).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' }],
      // Empty catch blocks carry a comment saying why the error is dropped.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/indent': ['error', 2, { SwitchCase: 1, ignoredNodes: ['ConditionalExpression', 'TemplateLiteral *'] }],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/eol-last': 'error',
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 1, maxEOF: 0 }],
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
      // No rule for spaces inside braces: object-curly-spacing is deprecated, and its replacement
      // (list-style) also dictates one item per line in wrapped lists, which this code does not follow.
      '@stylistic/space-before-blocks': 'error',
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/max-len': ['error', { code: 200, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreComments: true }],
    },
  },
  // No module imports itself round a circle, types included: a circle means two modules that
  // cannot be understood (or loaded) one before the other, and the layout stops showing which
  // depends on which. (A circle in setup/ went unnoticed until a drawing showed it.)
  {
    files: ['{shared,cli,setup,extension,webview/src}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx'], // the modules whose imports it follows
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['shared/**/*.ts'], rules: forbid(NO_VSCODE, NO_EXTENSION, NO_WEBVIEW, NO_CLI) },
  { files: ['cli/**/*.ts'], rules: forbid(NO_VSCODE, NO_EXTENSION, NO_WEBVIEW) },
  { files: ['setup/**/*.ts'], rules: forbid(NO_VSCODE, NO_EXTENSION, NO_WEBVIEW, NO_CLI) },
  {
    files: ['webview/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...forbid(NO_NODE, NO_VSCODE, NO_EXTENSION, NO_CLI), 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Benchmarks and UI tests pass functions to page.evaluate: those run in the browser.
  { files: ['bench/**/*.mjs', 'e2e/**/*.{mjs,ts}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // Tests read untyped JSON (CLI output, stores on disk): `any` there is honest, not a shortcut.
  { files: ['test/**/*.ts', 'e2e/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['extension/**/*.ts'], rules: forbid(NO_WEBVIEW, NO_CLI) },
  // One log (the "Consider" output channel, opened in extension.ts and handed on): no console
  // output nobody sees, no second channel for one part.
  {
    files: ['extension/**/*.ts'],
    ignores: ['extension/extension.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='createOutputChannel']",
        message: 'the extension has one log: take the LogOutputChannel extension.ts opens',
      }],
    },
  },
);
