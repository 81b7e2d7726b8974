import { defineConfig } from 'vitest/config';

// The agents' own CLIs end to end (e2e/agents/): slow (it installs them into a cache the first
// time, then runs one real turn per agent), so it is npm test's `agents` step, not a unit test.
export default defineConfig({
  test: {
    include: ['e2e/agents/**/*.test.mjs'],
    testTimeout: 60_000,
    hookTimeout: 30 * 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
