import { defineConfig } from 'vitest/config';

// Unit and integration tests (store, re-anchoring, CLI spawned as a process, webview logic).
// Browser tests live in e2e/ and run under Playwright; the real VS Code suite under e2e/vscode.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most tests wait: on child processes (the CLI, git, the hooks) and on timers (a plan's 45 s
    // wait, a lock's stale bound). Two files at a time left a core idle (1.2 of 2 cores busy,
    // 168 s on 2 cores); four keep both busy (109 s; bench/RESULTS.md, "npm test's wall time").
    maxWorkers: 4,
  },
});
