/**
 * Threads about removed code: a comment written on the baseline side of a diff, on lines the
 * agent removed or replaced. Such a thread quotes those lines (Comment.removed) and anchors on
 * them as they were in the baseline — its `file` is the file's path there, its anchor's
 * snapshot the baseline's text of the file, copied into the snapshot store so the thread keeps
 * it after the baseline is pruned. It is never re-anchored onto today's code (the reconcile
 * pass skips it): the code it is about is not there. The agent reads it with `list`, `get`,
 * `context` like any other thread, marked as being about removed code.
 */
import { anchorSizeProblem, captureAnchorFromLines, validateRange } from '../anchoring/anchor';
import { recordSnapshot } from '../anchoring/snapshots';
import { ConsiderError } from '../errors';
import type { Author, Comment } from '../model';
import { isWorkspaceRelative } from '../store/validate';
import { mutateStore } from '../store/store-io';
import { checkBody, pushNewThread } from '../store/threads';
import { splitLines } from '../text';

export interface NewRemovedThread {
  /** The file's workspace-relative path in the baseline. */
  file: string;
  /** The baseline: its key (baselineKey), its name as shown, and for git the commit. */
  baseline: { key: string; label: string; sha?: string };
  /** The file's whole text in the baseline (what the diff's left side shows). */
  baselineText: string;
  startLine: number;
  endLine: number;
  body: string;
  author: Author;
  pending?: boolean;
  /** Fields of its kind besides `removed` (a rejected change's `rejected`). */
  extra?: Partial<Comment>;
}

export async function addRemovedCodeThread(root: string, input: NewRemovedThread): Promise<Comment> {
  const body = checkBody(input.body);
  if (!isWorkspaceRelative(input.file) || input.file.startsWith('.consider/')) throw new ConsiderError('usage', `${JSON.stringify(input.file)} is not a workspace file`);
  const lines = splitLines(input.baselineText);
  const where = `${input.file}:${input.startLine === input.endLine ? input.startLine : `${input.startLine}-${input.endLine}`} (${input.baseline.label})`;
  const problem = validateRange(input.startLine, input.endLine, lines.length) ?? anchorSizeProblem(lines, input.startLine, input.endLine);
  if (problem) throw new ConsiderError('usage', `cannot comment on ${where}: ${problem}`);
  const snapshot = recordSnapshot(root, input.baselineText);
  return mutateStore(root, input.author, (store, tx) => {
    const anchor = captureAnchorFromLines(lines, input.startLine, input.endLine, tx.now);
    anchor.snapshot = snapshot;
    return pushNewThread(store, tx, {
      file: input.file, anchor, author: input.author, body, pending: input.pending,
      extra: {
        removed: {
          baseline: input.baseline.key, label: input.baseline.label, ...(input.baseline.sha ? { sha: input.baseline.sha } : {}),
          startLine: input.startLine, endLine: input.endLine, text: anchor.targetContent,
        },
        ...input.extra,
      },
      logDetail: { removed: input.baseline.key },
    });
  });
}
