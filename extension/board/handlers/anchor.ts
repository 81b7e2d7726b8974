/**
 * `anchor/*` requests for the triage view. The suggested place is always recomputed here from
 * today's text (never taken from the webview), so a re-anchor lands where the host says.
 */
import type { Comment } from '../../../shared/model';
import type { AnchorSuggestion, BulkResult, ThreadRef } from '../../../shared/board/protocol';
import type { UndoEntry } from '../undo';
import { BoardError, findComment, forEachRef, type HandlerContext, type Handlers } from './context';
import { l10n } from '../../../shared/board/l10n';

const MAX_SHOWN_LINES = 40;
/** Below this the re-anchoring result is a guess, not a suggestion. */
const MIN_CONFIDENCE = 0.3;

interface Located { text: string; lines: string[]; suggestion?: { kind: 'match' | 'edited'; startLine: number; endLine: number; method: string; confidence: number; reason?: string } }

function locate(ctx: HandlerContext, root: string, c: Comment): Located | undefined {
  const text = ctx.services.documentText(root, c.file);
  if (text === undefined) return undefined;
  const lines = ctx.services.store.splitLines(text);
  // With the root, re-anchoring can diff against the snapshot of the file as it was commented.
  const r = ctx.services.store.reanchorInText(c, text, { root });
  const inFile = r.startLine >= 1 && r.endLine >= r.startLine && r.endLine <= lines.length;
  const confident = r.anchorState === 'anchored' || r.confidence >= MIN_CONFIDENCE;
  return {
    text, lines,
    suggestion: inFile && confident ? { kind: r.anchorState === 'anchored' ? 'match' : 'edited', startLine: r.startLine, endLine: r.endLine, method: r.method, confidence: r.confidence, ...(r.reason ? { reason: r.reason } : {}) } : undefined,
  };
}

export function suggest(ctx: HandlerContext, root: string, c: Comment): AnchorSuggestion {
  const loc = locate(ctx, root, c);
  if (!loc) return { fileExists: false, currentLines: [], currentStartLine: 1 };
  const s = loc.suggestion;
  // Without a suggestion, show what is at the stored range today.
  const start = s ? s.startLine : Math.min(Math.max(1, c.anchor.startLine), Math.max(1, loc.lines.length));
  const end = s ? s.endLine : Math.min(Math.max(start, c.anchor.endLine), loc.lines.length);
  const currentLines = loc.lines.slice(start - 1, Math.min(end, start - 1 + MAX_SHOWN_LINES));
  return { fileExists: true, ...(s ?? {}), currentLines, currentStartLine: start };
}

export const anchorHandlers: Handlers<'anchor/suggest' | 'anchor/reanchor' | 'anchor/confirm'> = {
  'anchor/suggest': async (p, ctx) => suggest(ctx, p.root, findComment(ctx, p)),

  'anchor/reanchor': (p, ctx) => undoable(ctx, p.refs, async (ref, c) => {
    if (p.to === 'suggestion') {
      const loc = locate(ctx, ref.root, c);
      if (!loc) throw new BoardError(l10n.t('{0} no longer exists', c.file), 'not_found');
      if (!loc.suggestion) throw new BoardError(l10n.t('no confident place found for this code'), 'no_suggestion');
      await ctx.services.store.setAnchor(ref.root, ref.id, { startLine: loc.suggestion.startLine, endLine: loc.suggestion.endLine, text: loc.text }, 'human');
      return;
    }
    // The place in another file its code was found (Anchor.suggestedMove): taken from the store, checked there again.
    if (p.to === 'suggestedMove') {
      await ctx.services.store.takeSuggestedMove(ref.root, ref.id, 'human');
      return;
    }
    // The editor's selection: in the thread's own file, or — for a stale or orphaned thread, whose
    // code may have moved to another file (spec §4.3) — in any file of the same workspace folder.
    const sel = ctx.services.host.currentSelection(ref.root);
    const elsewhere = sel !== undefined && sel.file !== c.file;
    if (!sel || (elsewhere && c.anchorState === 'anchored')) {
      throw new BoardError(c.anchorState === 'anchored' ? l10n.t('select the lines in {0} in an editor first', c.file) : l10n.t('select the lines in the file where its code is now in an editor first'), 'no_selection');
    }
    const text = ctx.services.documentText(ref.root, sel.file);
    await ctx.services.store.setAnchor(ref.root, ref.id, { startLine: sel.startLine, endLine: sel.endLine, ...(elsewhere ? { file: sel.file } : {}), ...(text !== undefined ? { text } : {}) }, 'human');
  }),

  'anchor/confirm': (p, ctx) => undoable(ctx, p.refs, async (ref) => {
    await ctx.services.store.confirmAnchor(ref.root, ref.id, 'human');
  }),
};

/** Runs a manual re-anchor on each thread and leaves one undo entry putting them all back where they pointed. */
async function undoable(ctx: HandlerContext, refs: readonly ThreadRef[], move: (ref: ThreadRef, c: Comment) => Promise<void>): Promise<BulkResult> {
  const before: UndoEntry[] = [];
  const result = await forEachRef(ctx, refs, async (ref) => {
    const c = findComment(ctx, ref);
    const place = { file: c.file, anchor: structuredClone(c.anchor), anchorState: c.anchorState, ...(c.movedFrom ? { movedFrom: structuredClone(c.movedFrom) } : {}) };
    await move(ref, c);
    before.push({ kind: 'anchor', root: ref.root, id: ref.id, place });
  });
  const undoId = ctx.undo.push(before);
  return undoId ? { ...result, undoId } : result;
}
