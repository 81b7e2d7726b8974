/**
 * The threads' conversations. The first snapshot after `ready` carries thread summaries only,
 * so the list paints without waiting for every body and reply; once it is on screen this asks
 * for them (`thread/details`, and loads the Markdown renderer alongside: markdownLoader.ts).
 * Later snapshots bring them along. The detail pane and free-text search use them.
 * One request at a time: asked again meanwhile, it asks once more when answered.
 */
import { parseThreadDetails, type FolderDetails } from '../../../shared/board/protocol';
import { prepareSearch } from '../../../shared/board/projection';
import type { BoardStore } from '../state/store';
import type { Bridge } from './bridge';
import { afterNextPaint } from './afterPaint';
import { loadMarkdown } from './markdownLoader';

export function createDetailsLoader(bridge: Bridge, store: BoardStore): { snapshotApplied(): void; received(folders: readonly FolderDetails[]): void } {
  let inFlight = false;
  let again = false;
  let scheduled = false;

  // Conversations are applied once the Markdown renderer is loaded too; numbered on arrival so
  // an older set that finishes waiting later never replaces a newer one.
  let arrived = 0;
  let applied = 0;
  const apply = (folders: readonly FolderDetails[], seq: number) => {
    if (seq < applied) return;
    applied = seq;
    store.getState().applyDetails(folders);
    // So the first search does not build 5,000 search texts while the user waits.
    requestIdleCallback(() => { const s = store.getState(); prepareSearch(s.rows, s.details); }, { timeout: 1000 });
  };

  const load = () => {
    if (inFlight) { again = true; return; }
    inFlight = true;
    // The Markdown renderer comes with the conversations: nothing shows one before both are here.
    Promise.all([bridge.request('thread/details', {}).then((r) => ({ r, seq: ++arrived })), loadMarkdown()])
      .then(([{ r, seq }]) => {
        const parsed = parseThreadDetails(r);
        if (!parsed.ok) { console.warn(`[consider] ignored malformed thread details: ${parsed.error}`); return; }
        apply(parsed.message.folders, seq);
      })
      .catch((e: unknown) => {
        store.getState().addNotice({ kind: 'error', text: `Could not load the conversations: ${e instanceof Error ? e.message : String(e)}` });
      })
      .finally(() => {
        inFlight = false;
        if (again) { again = false; load(); }
      });
  };
  return {
    /** A snapshot without conversations was applied: ask for them after the frame that shows it. */
    snapshotApplied: () => {
      if (scheduled) return;
      scheduled = true;
      afterNextPaint(() => { scheduled = false; load(); });
    },
    /** Conversations that came with a snapshot (validated with it). */
    received: (folders) => {
      const seq = ++arrived;
      void loadMarkdown().then(() => apply(folders, seq));
    },
  };
}
