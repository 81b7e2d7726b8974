// ESLint (flat config): the recommended rules, the import rules that keep the layout honest
// (docs/development.md, "The code"), and the house style (@stylistic), so style is checked by a tool
// and fixed by `npm run format`, not reviewed by hand. The one formatting tool: its rules
// describe how this code was already written (2-space indent, single quotes, semicolons,
// trailing commas, lines up to 200 characters), so adopting it changed a few dozen lines.
// Each folder may import only what its place allows:
//   shared/    the store module, deployed into .consider/ and run by the CLI: no `vscode`, no extension/ or webview/
//   cli/       runs in the agent's terminal: no `vscode`, no extension/ or webview/
//   setup/     setup and uninstall, used by the extension and the terminal: no `vscode`, no extension/ or webview/
//   webview/   runs in the browser: no `node:` modules, no `vscode`, no extension/ or cli/
// and no source module may import itself round a circle (eslint-plugin-import-x: the maintained
// fork of eslint-plugin-import, flat-config native, with a fast resolver). Inside shared/, setup/,
// cli/ and extension/ the rooms stand on floors (FLOORS below): a lower room never imports a higher one.
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

/**
 * The floors of shared/, setup/, cli/ and extension/, lowest first: a room may import its own floor and the ones
 * below, never one above (import-x/no-restricted-paths, resolved paths, types included).
 */
const FLOORS = {
  shared: [
    // the ground every room reaches down to: the model, errors, paths, text and byte helpers
    ['model.ts', 'words.ts', 'errors.ts', 'paths.ts', 'plan-document.ts', 'text.ts', 'utf8.ts', 'lazy-crypto.ts', 'agents.ts', 'agent-tools.ts', 'data-file.ts'],
    ['workspace'], // git (the one runner), the workspace's files, what changed since a commit
    ['anchoring'], // the algorithms: anchors, diff, re-anchoring, similarity, renames, content hash, snapshots
    ['store', 'user-data.ts', 'project-trust.ts'], // the store (and the reconcile pass that writes it); the user's own records and what "set up" means
    ['changes', 'plans', 'pr'], // what is built on the store: the Changes view's data, the plan gate's, the pull request bridge
    ['board'], // the board's protocol and view model
    ['index.ts'], // the store module's public surface, `../shared` (deployed as .consider/shared/store.js)
  ],
  setup: [
    ['json-text.ts', 'fsutil.ts', 'config.ts'], // files, JSON text, config.json tracking
    ['targets'], // the tables of agents, and what they read (the hook command line, the OpenCode plugin)
    ['types.ts', 'choices.ts', 'safety.ts', 'agent-file.ts', 'gitignore.ts', 'runtime.ts', 'user-install.ts', 'prerequisites.ts'],
    ['skills', 'hooks', 'mcp', 'plans'], // one room a kind (plans/ writes its gates through hooks/)
    ['setup.ts', 'uninstall.ts', 'refresh.ts', 'index.ts', 'consider-setup.ts'], // the passes over a workspace, and their entry points
  ],
  cli: [
    // what every command stands on: the terminal, the output's words, the hook's input and command line, the one wait loop
    ['stdio.ts', 'output.ts', 'version.ts', 'unread.ts', 'compile-cache.ts', 'install-compile-cache.ts', 'set-up-guard.ts', 'wait-loop.ts', 'hook-input.ts', 'hook-request.ts'],
    ['command.ts', 'code.ts', 'agent-view.ts'], // a command's context, code excerpts, how a thread reads to an agent
    ['plans', 'mcp', 'pr'], // the plan gate's commands, the MCP server, the pull-request bridge
    ['hook', 'read-commands.ts', 'write-commands.ts', 'worktree-commands.ts'], // the hooks (which hand plan events to plans/), the thread commands, the worktrees'
    ['digest', 'review-commands.ts'], // what reads many threads at once
    ['main.ts'], // the entry point
  ],
  extension: [
    // the ground: disposables, file events, command ids, the API types, the bundled CLI, settings
    ['util', 'command-ids.ts', 'api.ts', 'bundled-cli.ts', 'settings.ts', 'test-api.ts', 'error-words.ts'],
    ['notify.ts', 'status-bar.ts', 'lm-tools.ts'], // notifications, the status bar, the language-model tools
    ['store', 'report'], // each folder's store and its watcher; Report Issue
    ['host.ts', 'changes', 'plans', 'pr'], // the host seam; the Changes view, the plan gate, pull requests
    ['comments'], // the comment controller and thread rendering
    ['commands'], // the commands of threads, reviews and the workspace
    ['board'], // the board webview's host side
    ['setup'], // setup's lifecycle and the walkthrough
    ['extension.ts'], // activate: wires the parts together
  ],
};
/** Side by side on one floor, a kind keeps to itself: in each pair neither imports the other (or, marked one way, the first never imports the second). */
const APART = { setup: [['skills', 'hooks'], ['skills', 'mcp'], ['skills', 'plans'], ['hooks', 'mcp'], ['hooks', 'plans', 'one way: plans/ may use hooks/'], ['mcp', 'plans']] };

function floorZones() {
  const zones = [];
  for (const [folder, floors] of Object.entries(FLOORS)) {
    const at = (room) => `./${folder}/${room}`;
    floors.forEach((rooms, i) => {
      const above = floors.slice(i + 1).flat();
      if (above.length) zones.push({ target: rooms.map(at), from: above.map(at), message: `${folder}/ stands on floors (eslint.config.mjs FLOORS): a lower room never imports a higher one` });
    });
  }
  for (const [folder, pairs] of Object.entries(APART)) {
    for (const [a, b, oneWay] of pairs) {
      const message = `${folder}/${a} and ${folder}/${b} are rooms of one floor: share code through a lower one`;
      zones.push({ target: [`./${folder}/${a}`], from: [`./${folder}/${b}`], message });
      if (!oneWay) zones.push({ target: [`./${folder}/${b}`], from: [`./${folder}/${a}`], message });
    }
  }
  return zones;
}

// git runs in one place, shared/workspace/git.ts: with optional locks off (a call of ours never
// makes the user's `git commit` fail on index.lock), in a queue on the extension host. A second
// spawn of git elsewhere would bypass both.
const ONE_GIT_RUNNER = [{
  selector: "CallExpression[callee.name=/^(spawn|spawnSync|exec|execSync|execFile|execFileSync)$/][arguments.0.value='git'], CallExpression[callee.property.name=/^(spawn|spawnSync|exec|execSync|execFile|execFileSync)$/][arguments.0.value='git']",
  message: 'git runs through shared/workspace/git.ts (runGit, runGitAsync): optional locks off, one queue',
}];

// Words the user reads come from the l10n bundle (README, "Translating Consider"): a message, or
// a quick pick's or input box's title, placeholder or prompt, written as a bare literal in
// extension/ bypasses it. (The webview is held by the pseudo-locale spec, e2e/webview/l10n.spec.ts.)
const UNLOCALISED = [
  {
    selector: 'CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/][arguments.0.type=/^(Literal|TemplateLiteral)$/]',
    message: 'a message the user reads goes through vscode.l10n.t',
  },
  {
    selector: 'Property[key.name=/^(placeHolder|prompt|title)$/][value.type=/^(Literal|TemplateLiteral)$/]',
    message: 'a title, placeholder or prompt the user reads goes through vscode.l10n.t',
  },
];

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
  // Promises are awaited, returned, or dropped on purpose (`void p`), and never handed to a
  // place that does not wait for them (an event listener's `() => void`, a condition): a
  // rejection there is lost, or an error surfaces as "unhandled" far from its cause. These two
  // rules need the types: typed linting, each file with the tsconfig that includes it.
  {
    files: ['{shared,cli,setup,extension,webview/src,test,e2e,bench,scripts}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
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
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: floorZones() }],
    },
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
      }, ...UNLOCALISED, ...ONE_GIT_RUNNER],
    },
  },
  { files: ['extension/extension.ts'], rules: { 'no-restricted-syntax': ['error', ...UNLOCALISED, ...ONE_GIT_RUNNER] } },
  { files: ['{shared,cli,setup}/**/*.ts'], ignores: ['shared/workspace/git.ts'], rules: { 'no-restricted-syntax': ['error', ...ONE_GIT_RUNNER] } },
);
