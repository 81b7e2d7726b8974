/** `consider-cli --version` where setup deploys it (.consider/bin), not only in the build. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { runSetup } from '../setup/index';
import { ensureBuilt, PACKAGE_VERSION, RUNTIME_DIR, SKILLS_DIR, sandbox, type Sandbox } from './helpers/setup-env';

let s: Sandbox | undefined;
beforeAll(() => ensureBuilt());
afterEach(() => s?.cleanup());

it('the deployed CLI prints the version setup stamped, as the built one does', async () => {
  s = sandbox();
  await runSetup({ root: s.root, home: s.home, gitignore: false, integrations: [], runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
  for (const cli of [path.join(s.root, '.consider', 'bin', 'consider-cli.cjs'), path.join(RUNTIME_DIR, 'bin', 'consider-cli.cjs')]) {
    const r = spawnSync(process.execPath, [cli, '--version'], { encoding: 'utf8' });
    expect(r.status, cli).toBe(0);
    expect(r.stdout.trim(), cli).toBe(PACKAGE_VERSION);
  }
});
