/**
 * Entry point of the extension-host suite, loaded by VS Code through `extensionTestsPath`.
 * It exports `run()` exactly as @vscode/test-electron expects, so the same compiled suite runs
 * here under code-server (e2e/vscode/run.mjs) and, where VS Code can be downloaded, under
 * test-electron. Every `*.test.js` next to this file (compiled from suite/*.test.ts) is added.
 *
 * Parameters come from the environment the extension host inherits from the server:
 *   CONSIDER_E2E_SUITE_RESULTS  file to write {"passed","failed","failures"} into
 *   CONSIDER_E2E_GREP           only tests whose full title matches this pattern
 */
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30_000, reporter: 'spec' });
  if (process.env.CONSIDER_E2E_GREP) mocha.grep(process.env.CONSIDER_E2E_GREP);
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const out = process.env.CONSIDER_E2E_SUITE_RESULTS;
      if (out) fs.writeFileSync(out, JSON.stringify({ passed: passed, failed: failed.length, failures: failed }, null, 2));
      if (failures) reject(new Error(`${failures} test(s) failed`));
      else resolve();
    });
    let passed = 0;
    const failed: { title: string; error: string }[] = [];
    runner.on('pass', () => { passed++; });
    runner.on('fail', (test, err: Error) => { failed.push({ title: test.fullTitle(), error: String(err?.stack ?? err).slice(0, 2000) }); });
  });
}
