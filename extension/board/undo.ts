/**
 * Undo for the board's actions that change more than a state (delete, archive, discard a review,
 * re-anchor, "still valid"): each action leaves one entry that can be applied once. Bounded,
 * newest kept: undo is for "oops", not a history.
 */
import type { Comment } from '../../shared/model';
import type { AnchorPlace } from '../../shared';

export type UndoEntry =
  | { readonly kind: 'restore'; readonly root: string; readonly threads: readonly Comment[] }
  | { readonly kind: 'unarchive'; readonly root: string; readonly ids: readonly string[] }
  /** A thread moved by hand: where it pointed before (restoreAnchor). */
  | { readonly kind: 'anchor'; readonly root: string; readonly id: string; readonly place: AnchorPlace };

const MAX_ENTRIES = 20;

export class UndoStack {
  private readonly entries = new Map<string, readonly UndoEntry[]>();
  private counter = 0;

  push(parts: readonly UndoEntry[]): string | undefined {
    if (parts.length === 0) return undefined;
    const id = `u${++this.counter}`;
    this.entries.set(id, parts);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return id;
  }

  /** Removes and returns the entry (an undo applies once). */
  take(id: string): readonly UndoEntry[] | undefined {
    const e = this.entries.get(id);
    this.entries.delete(id);
    return e;
  }
}
