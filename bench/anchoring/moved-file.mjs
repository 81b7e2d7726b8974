// The corpus category moved_file (issue 26): a commented range leaves its file X between A and B
// and re-appears in another file Y. A case needs the whole workspace, not one file: both files
// are put in a temporary workspace at A, the thread is added on X, then both files are put at
// B (X deleted when the case says so), and a read re-anchors. Run through the store module
// in-process (corpus.mjs) or through the real CLI (cli.mjs); `git: true` makes the workspace a
// git repository with A committed (then git's rename guess for a deleted X runs first, as in use).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function write(ws, rel, text) {
  const file = path.join(ws, ...rel.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function git(ws, args, env = {}) {
  execFileSync('git', ['-C', ws, '-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args], { stdio: 'ignore', env: { ...process.env, ...env } });
}

/** A workspace holding X (and Y, when it existed) at A. */
export function workspaceAtA(c, { git: useGit = false } = {}) {
  const ws = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-moved-'));
  write(ws, c.path, c.textA);
  if (c.textMovedA !== undefined) write(ws, c.movedPath, c.textMovedA);
  if (useGit) {
    // Committed a minute before the thread is added, as packed.mjs does: git's history check
    // takes the last commit made before the thread's check, in whole seconds, and leaves out a
    // commit of the check's own second. Committed "now", most cases had no history at all
    // (about 23% followed in-process against 92% through packed.mjs, before 2026-11-28).
    const past = new Date(Date.now() - 60_000).toISOString();
    git(ws, ['init', '-q']);
    git(ws, ['add', '.']);
    git(ws, ['commit', '-qm', 'A'], { GIT_AUTHOR_DATE: past, GIT_COMMITTER_DATE: past });
  }
  return ws;
}

/** Both files as they are at B. */
export function moveToB(ws, c) {
  if (c.textB !== undefined) write(ws, c.path, c.textB);
  else fs.rmSync(path.join(ws, ...c.path.split('/')));
  write(ws, c.movedPath, c.textMovedB);
}

/** The thread as the store holds it, as an outcome for classify(). */
export function outcomeOf(thread) {
  return { state: thread.anchorState, start: thread.anchor.startLine, end: thread.anchor.endLine, file: thread.file, method: thread.movedFrom ? 'cross-file' : undefined };
}

/** One moved_file case through the store module in-process (the pass every CLI read runs). */
export async function throughStore(store, c, options = {}) {
  const ws = workspaceAtA(c, options);
  try {
    const added = await store.addThread(ws, { file: c.path, startLine: c.start, endLine: c.end, body: 'bench', author: 'human' });
    moveToB(ws, c);
    await store.reconcileWorkspace(ws);
    return outcomeOf(store.readStore(ws).store.comments.find((t) => t.id === added.id));
  } finally {
    fs.rmSync(ws, { recursive: true, force: true });
  }
}
