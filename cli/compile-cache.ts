/**
 * A V8 code cache for the runtime modules the CLI loads (shared/store.js, shared/reconcile.js).
 *
 * Why: every CLI call is a fresh Node process, and compiling ~90 kB of store code on each
 * call, function by function as they are first called, is a large part of what a read costs
 * over a bare `node -e 0` (bench/cli-bench.mjs, bench/anchoring/speed.mjs). Node ≥ 22.1 has
 * this built in (module.enableCompileCache), which is used when present; on older Node the
 * same is done here with vm.Script's cachedData, as v8-compile-cache does.
 *
 * The cache lives next to the runtime (`.consider/.v8-cache/` once deployed), one file per
 * module file, named by a hash of the file's identity (device, inode, size, mtime, ctime: any
 * write to it, a redeploy included, changes that), so a changed module never meets an old
 * cache; V8 itself rejects a cache from another Node version (then it is rewritten). Not a
 * hash of the source: that needs node:crypto, whose loading alone costs a CLI call ~7 ms.
 * A cache only holds functions compiled before it was written, so it is rewritten once more
 * by the first call that re-anchors threads (see noteReanchoringRan). Any failure here only
 * means no cache: the CLI works the same.
 *
 * This module must be evaluated before anything requires the store: cli/main.ts imports it first.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** How much of the code a cache covers: what plain reads compile, or also the re-anchoring. */
type Coverage = 'read' | 'reanchor';

interface CachedModule {
  script: vm.Script;
  /** The module's file name (store.js): the start of its cache files' names. */
  module: string;
  /** Cache file name without the coverage suffix. */
  stem: string;
  /** Coverage of the cache that was accepted, if any. */
  loaded?: Coverage;
}

let reanchoringRan = false;

/** The re-anchoring code ran in this process: a cache written at exit covers it too. */
export function noteReanchoringRan(): void {
  reanchoringRan = true;
}

export function enableCompileCache(runtimeDir: string): void {
  if (process.env.CONSIDER_NO_COMPILE_CACHE) return;
  const cacheDir = path.join(runtimeDir, '.v8-cache');
  const builtin = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof builtin === 'function') {
    try {
      builtin(cacheDir);
    } catch {
      /* no cache */
    }
    return;
  }
  installCompileHook(path.join(runtimeDir, 'shared') + path.sep, cacheDir);
}

type CompileFn = (this: Module, content: string, filename: string) => unknown;

function installCompileHook(sharedDir: string, cacheDir: string): void {
  const proto = Module.prototype as unknown as { _compile: CompileFn };
  const original = proto._compile;
  const compiled: CachedModule[] = [];
  proto._compile = function compileWithCache(this: Module, content: string, filename: string): unknown {
    if (!filename.startsWith(sharedDir)) return original.call(this, content, filename);
    const entry = compile(content, filename, cacheDir);
    compiled.push(entry);
    const run = entry.script.runInThisContext() as (...args: unknown[]) => unknown;
    const moduleRequire = Module.createRequire(filename);
    const requireHere = Object.assign((id: string) => this.require(id), { resolve: moduleRequire.resolve, cache: moduleRequire.cache, main: require.main });
    return run.call(this.exports, this.exports, requireHere, this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    const coverage: Coverage = reanchoringRan ? 'reanchor' : 'read';
    for (const entry of compiled) {
      if (entry.loaded === 'reanchor' || entry.loaded === coverage) continue;
      writeCache(cacheDir, entry, coverage);
    }
  });
}

function compile(content: string, filename: string, cacheDir: string): CachedModule {
  const module = path.basename(filename);
  const stem = `${module}-${identityHash(filename)}`;
  const source = Module.wrap(content);
  for (const coverage of ['reanchor', 'read'] as const) {
    let cachedData: Buffer;
    try {
      cachedData = fs.readFileSync(path.join(cacheDir, `${stem}-${coverage}.v8`));
    } catch {
      continue;
    }
    const script = new vm.Script(source, { filename, cachedData });
    if (!script.cachedDataRejected) return { script, module, stem, loaded: coverage };
  }
  return { script: new vm.Script(source, { filename }), module, stem };
}

/** 16 hex digits naming the file as it is now (two 32-bit multiplicative hashes of its identity, FNV-1a and a second multiplier); random when it cannot be read, which only means no cache. */
function identityHash(filename: string): string {
  let identity: string;
  try {
    const st = fs.statSync(filename);
    identity = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  } catch {
    identity = `${Math.random()}`;
  }
  let a = 0x811c9dc5, b = 0x9747b28c;
  for (let i = 0; i < identity.length; i++) {
    a = Math.imul(a ^ identity.charCodeAt(i), 0x01000193);
    b = Math.imul(b ^ identity.charCodeAt(i), 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

function writeCache(cacheDir: string, entry: CachedModule, coverage: Coverage): void {
  try {
    // Modes explicit whatever the umask: code cached here is run, so nobody else may write it (issue 34).
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
    const file = path.join(cacheDir, `${entry.stem}-${coverage}.v8`);
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, entry.script.createCachedData(), { mode: 0o644 });
    fs.renameSync(temp, file);
    // Caches of earlier versions of this module are of no more use.
    for (const name of fs.readdirSync(cacheDir)) {
      if (name.startsWith(`${entry.module}-`) && !name.startsWith(entry.stem)) fs.rmSync(path.join(cacheDir, name), { force: true });
    }
  } catch {
    /* a read-only runtime folder, a full disk: no cache, nothing else changes */
  }
}
