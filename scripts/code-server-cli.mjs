#!/usr/bin/env node
// `npm run code-server -- <args>`: the code-server that `npm start` and the tests use (installed
// once into ~/.cache/consider-vscode), run under the Node 24 it was built for. Calling that
// code-server directly fails under the system Node 20 (its native modules are Node 24's), so the
// README's commands go through this, e.g.
//   npm run code-server -- --install-extension consider.vsix
import { spawn } from 'node:child_process';
import path from 'node:path';
import { cleanInstallEnv, ensureCodeServer } from './ensure-code-server.mjs';

let paths;
try {
  paths = await ensureCodeServer();
} catch (e) {
  process.stderr.write(`code-server: ${e.message}\n`);
  process.exit(1);
}
// The environment of a fresh shell with Node 24 first on PATH: code-server's launcher runs `node`.
const child = spawn(paths.bin, process.argv.slice(2), { stdio: 'inherit', env: cleanInstallEnv(process.env, path.dirname(paths.node24)) });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
child.on('error', (e) => { process.stderr.write(`code-server: ${e.message}\n`); process.exit(1); });
