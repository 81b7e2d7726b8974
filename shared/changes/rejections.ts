/**
 * *Reject Change…* (docs/agent-loop.md, "Rejected changes"): a change (hunk) of a Changes diff
 * the reviewer disagrees with becomes a thread whose body is the reason, on the change's lines —
 * its added lines, or, when the agent only removed code, the removed lines as they were in the
 * baseline (a thread about removed code). The thread carries the change itself
 * (Comment.rejected), so the agent reads what was rejected, the extension can revert exactly
 * that change and no other, and Consider can tell when the agent writes it again.
 *
 * A revert is planned here, not applied: the file must still hold the very change (same
 * identity: same lines with the same lines beside them), else it is refused with the reason — a
 * partial or misplaced revert is never made. The extension applies the plan as an undoable edit.
 */
import type { Author, Comment, RejectedChange } from '../model';
import { mutateStore } from '../store/store-io';
import { addThread } from '../store/threads';
import { splitLines } from '../text';
import { computeHunks, findHunk, type HunkShape, type HunkText } from './hunks';
import { addRemovedCodeThread } from './removed-threads';

/** What a thread keeps of a rejected hunk: its lines and where they were (1-based). */
export function rejectedChangeOf(h: HunkText, file: string, baseline: { key: string; label: string; sha?: string }): RejectedChange {
  return {
    baseline: baseline.key, label: baseline.label, ...(baseline.sha ? { sha: baseline.sha } : {}), file, hunk: h.id,
    removed: h.removed.join('\n'), added: h.added.join('\n'),
    oldStart: h.oldStart + 1, oldLines: h.oldCount, newStart: h.newStart + 1, newLines: h.newCount,
    before: h.before.join('\n'), after: h.after.join('\n'),
  };
}

export interface NewRejection {
  /** The file's workspace-relative path now, and (for a rename) in the baseline. */
  file: string;
  baselineFile: string;
  baseline: { key: string; label: string; sha?: string };
  /** The baseline's text of the file: the removed side a thread about removed code anchors on. */
  baselineText: string;
  hunk: HunkText;
  reason: string;
  pending: boolean;
  /** The revert asked for at once: queued (the agent's turn runs) or applied already. */
  revert?: RejectedChange['revert'];
}

/**
 * The thread of a rejected change. On the added lines as the file is on disk now (the extension
 * moves the anchor when its editor shows unsaved changes), or about the removed lines when the
 * change added none.
 */
export async function addRejectionThread(root: string, r: NewRejection, author: Author = 'human'): Promise<Comment> {
  const rejected: RejectedChange = { ...rejectedChangeOf(r.hunk, r.file, r.baseline), ...(r.revert ? { revert: r.revert } : {}) };
  if (r.hunk.newCount > 0) {
    return addThread(root, {
      file: r.file, startLine: r.hunk.newStart + 1, endLine: r.hunk.newStart + r.hunk.newCount, body: r.reason, author, pending: r.pending,
      extra: { rejected },
    });
  }
  return addRemovedCodeThread(root, {
    file: r.baselineFile, baseline: r.baseline, baselineText: r.baselineText,
    startLine: r.hunk.oldStart + 1, endLine: r.hunk.oldStart + r.hunk.oldCount, body: r.reason, author, pending: r.pending,
    extra: { rejected },
  });
}

/** A revert to apply: replace today's lines [start, end) (0-based) with `lines`. */
export type RevertPlan =
  | { ok: true; start: number; end: number; lines: string[]; hunk: HunkText }
  | { ok: false; reason: string };

/**
 * How to revert the change `hunkId` of the file `current` against its baseline `baseline`:
 * only when the file still holds that very change. `shape`: the hunks as shown at the last mark
 * (hunk-marks.ts), so the change is found as the reviewer saw it.
 */
export function planRevert(baseline: string | undefined, current: string | undefined, hunkId: string, shape?: HunkShape): RevertPlan {
  if (baseline === undefined) return { ok: false, reason: 'the baseline\'s copy of the file cannot be read' };
  if (current === undefined) return { ok: false, reason: 'the file cannot be read (it was deleted or renamed since)' };
  const hunk = findHunk(computeHunks(splitLines(baseline), splitLines(current), shape), hunkId);
  if (!hunk) return { ok: false, reason: 'the file no longer holds that change as it was rejected: it, or a line beside it, was edited since' };
  return { ok: true, start: hunk.newStart, end: hunk.newStart + hunk.newCount, lines: [...hunk.removed], hunk };
}

/**
 * The edit that puts a plan's lines in place of lines [start, end) of `text`, as offsets: whole
 * lines with their line ends, and at the file's end without adding or dropping its last newline.
 */
export function replacementOf(text: string, plan: { start: number; end: number; lines: readonly string[] }, eol: string): { from: number; to: number; text: string } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) starts.push(i + 1);
  }
  const endsWithEol = /[\r\n]$/.test(text);
  const count = text === '' ? 0 : endsWithEol ? starts.length - 1 : starts.length;
  const at = (line: number): number => (line < count ? starts[line]! : text.length);
  let from = at(plan.start);
  const to = at(plan.end);
  let inserted = plan.lines.map((l) => l + eol).join('');
  if (to === text.length && !endsWithEol && count > 0) {
    // The last line has no newline: neither may what ends the file now.
    if (plan.end > plan.start || plan.start >= count) {
      if (inserted) inserted = inserted.slice(0, -eol.length);
      if (plan.start >= count && inserted) inserted = eol + inserted; // appended after that last line
      else if (!inserted && plan.start > 0) from = starts[plan.start]! - (text[starts[plan.start]! - 2] === '\r' ? 2 : 1); // the line before ends the file
    }
  }
  return { from, to, text: inserted };
}

/**
 * Whether a file holds a rejected change now: its added lines between the lines that were beside
 * it (for a change that only removed code: those lines next to each other again, without the
 * removed lines between them). `unknown` when the change and its context are too little to tell
 * (one blank or one-brace line could be anywhere): such a change is not watched.
 */
export function rejectedChangePresence(text: string | undefined, r: RejectedChange): 'present' | 'gone' | 'unknown' {
  const before = r.before === '' ? [] : r.before.split('\n');
  const after = r.after === '' ? [] : r.after.split('\n');
  const added = r.newLines === 0 ? [] : r.added.split('\n');
  const removed = r.oldLines === 0 ? [] : r.removed.split('\n');
  if (text === undefined) return added.length === 0 && before.length === 0 && after.length === 0 ? 'present' : 'gone';
  const lines = splitLines(text);
  if (added.length === 0 && before.length === 0 && after.length === 0) return lines.length === 0 ? 'present' : 'gone';
  const block = [...before, ...added, ...after];
  if (block.join('').replace(/[\s{}()[\];,]/g, '').length < 3) return 'unknown';
  // A change at a file's edge has no line beside it on that side: it must touch that edge.
  const has = (needle: readonly string[]): boolean => containsBlock(lines, needle, before.length === 0, after.length === 0);
  if (added.length > 0) return has(block) ? 'present' : 'gone';
  return has(block) && !has([...before, ...removed, ...after]) ? 'present' : 'gone';
}

/** Whether `needle` occurs in `lines` as consecutive lines, starting the file (`atStart`) and/or ending it (`atEnd`) when asked. */
function containsBlock(lines: readonly string[], needle: readonly string[], atStart: boolean, atEnd: boolean): boolean {
  const last = lines.length - needle.length;
  if (last < 0 || (atStart && atEnd && last !== 0)) return false;
  const from = atEnd ? last : 0;
  const to = atStart ? 0 : last;
  for (let i = from; i <= to; i++) {
    let k = 0;
    while (k < needle.length && lines[i + k] === needle[k]) k++;
    if (k === needle.length) return true;
  }
  return false;
}

/**
 * Records what became of a revert (`applied`, or `refused` and why) on its thread. `onlyIfQueued`:
 * only a revert still waiting (another window may have made it meanwhile). Returns the thread,
 * or undefined when nothing was written.
 */
export async function setRevertOutcome(root: string, threadId: string, outcome: { state: 'applied' | 'refused' | 'queued'; reason?: string }, onlyIfQueued = false): Promise<Comment | undefined> {
  return mutateStore(root, 'system', (store, tx) => {
    const c = store.comments.find((x) => x.id === threadId);
    if (!c?.rejected || (onlyIfQueued && c.rejected.revert?.state !== 'queued')) {
      tx.noWrite();
      return undefined;
    }
    c.rejected.revert = { state: outcome.state, at: tx.now, ...(outcome.reason ? { reason: outcome.reason } : {}) };
    if (outcome.state === 'applied') c.rejected.goneAt = tx.now;
    c.updatedAt = tx.now;
    tx.log({ action: 'revert', threadId: c.id, detail: { state: outcome.state } });
    return c;
  });
}

/**
 * What Consider saw of a rejected change in its file: gone (reverted, or rewritten) is noted;
 * back after it was gone reopens the thread (the agent reads it as new: model.ts
 * latestHumanActivityAt). Returns whether the thread was reopened.
 */
export async function noteRejectionSeen(root: string, threadId: string, presence: 'present' | 'gone'): Promise<boolean> {
  return mutateStore(root, 'system', (store, tx) => {
    const c = store.comments.find((x) => x.id === threadId);
    const r = c?.rejected;
    if (!c || !r || (presence === 'gone') === (r.goneAt !== undefined)) {
      tx.noWrite();
      return false;
    }
    if (presence === 'gone') {
      r.goneAt = tx.now;
      tx.log({ action: 'rejected-gone', threadId: c.id });
      return false;
    }
    delete r.goneAt;
    r.backAt = tx.now;
    c.updatedAt = tx.now;
    const reopen = c.workflowState === 'resolved';
    if (reopen) {
      c.workflowState = 'open';
      delete c.resolvedAt;
      delete c.resolvedBy;
    }
    tx.log({ action: 'rejected-back', threadId: c.id, detail: { reopened: reopen } });
    return reopen;
  });
}
