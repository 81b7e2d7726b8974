import { defineConfig } from 'vitest/config';

// `npm start` end to end with the real VS Code (code-server): slow (it packages the VSIX and
// starts a server), so it runs in the real-VS-Code step of npm test, not with the unit tests.
export default defineConfig({
  test: {
    include: ['e2e/vscode/**/*.test.ts'],
    exclude: ['e2e/vscode/suite/**'],
    testTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
