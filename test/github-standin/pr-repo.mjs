/**
 * A real git setup for pull request tests: a bare repository standing for GitHub's copy, and a
 * clone of it (the developer's workspace) whose `origin` is written as the GitHub URL
 * (`https://github.com/OWNER/NAME.git`) and reaches the bare repository through git's own
 * `url.<bare>.insteadOf` rewrite. Consider sees a github.com remote; git fetches and pushes
 * locally. The bare repository allows fetching any commit by id, as GitHub does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function gitIn(dir, ...args) {
  const r = spawnSync('git', ['-C', dir, '-c', 'user.email=t@example.com', '-c', 'user.name=T', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
}

export function writeFiles(dir, files) {
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    if (text === null) {
      fs.rmSync(abs, { force: true });
      continue;
    }
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
}

/**
 * Makes `base` (the bare "GitHub" repository) and `work` (the clone) under a new temp folder, with
 * `files` committed on `main` and pushed. Returns helpers to commit on the work tree and push.
 */
export function makePrRepo({ owner = 'acme', name = 'widgets', files = {}, dir } = {}) {
  const top = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'consider-pr-'));
  const bare = path.join(top, 'github', `${owner}-${name}.git`);
  const work = path.join(top, 'work');
  fs.mkdirSync(bare, { recursive: true });
  fs.mkdirSync(work, { recursive: true });
  gitIn(bare, 'init', '-q', '--bare');
  gitIn(bare, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  gitIn(work, 'init', '-q');
  const remoteUrl = `https://github.com/${owner}/${name}.git`;
  gitIn(work, 'remote', 'add', 'origin', remoteUrl);
  gitIn(work, 'config', `url.${bare}.insteadOf`, remoteUrl);
  writeFiles(work, files);
  gitIn(work, 'add', '-A');
  gitIn(work, 'commit', '-qm', 'base', '--allow-empty');
  gitIn(work, 'push', '-q', 'origin', 'main');
  const repo = {
    top, bare, work, owner, name, remoteUrl,
    git: (...args) => gitIn(work, ...args),
    /** Writes (null deletes) and commits on the current branch; returns the new commit's id. */
    commit(changes, message = 'change') {
      writeFiles(work, changes);
      gitIn(work, 'add', '-A');
      gitIn(work, 'commit', '-qm', message, '--allow-empty');
      return gitIn(work, 'rev-parse', 'HEAD').trim();
    },
    branch(name) {
      gitIn(work, 'checkout', '-qb', name);
    },
    push({ force = false } = {}) {
      const branch = gitIn(work, 'rev-parse', '--abbrev-ref', 'HEAD').trim();
      gitIn(work, 'push', '-q', ...(force ? ['--force'] : []), '-u', 'origin', branch);
    },
    /** Drops the commits no branch of the bare repository reaches any more (what GitHub may do after a force-push). */
    pruneOrigin() {
      gitIn(bare, 'reflog', 'expire', '--expire=now', '--all');
      gitIn(bare, 'gc', '-q', '--prune=now');
    },
    head: () => gitIn(work, 'rev-parse', 'HEAD').trim(),
  };
  return repo;
}
