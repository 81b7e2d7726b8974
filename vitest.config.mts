import { defineConfig } from 'vitest/config';

// Unit and integration tests (store, re-anchoring, CLI spawned as a process, webview logic).
// Browser tests live in e2e/ and run under Playwright; the real VS Code suite under e2e/vscode.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two cores here, and most tests wait on child processes (the CLI, git): two files at a time.
    maxWorkers: 2,
  },
});
