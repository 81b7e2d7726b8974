/**
 * Puts the digest's sections on one page within a size cap, never cutting silently: each
 * section shows a prefix of its items (they are in the order that matters) and ends with a
 * line counting what it left out and the command that shows it. The cap holds by
 * construction: the header, every section's heading and the longest "left out" line each
 * section could need are set aside first, and items are added only while they fit.
 *
 * Sections share the space in two passes: first each takes items up to its share of the
 * space (so a long list of threads cannot crowd out the review's overall message), then, in
 * order of priority, each takes what is left. A section that turns out complete gives back
 * the room set aside for its "left out" line, and the others take it.
 */

export type SectionKey = 'files' | 'threads' | 'rounds' | 'resolved';

export interface PageSection<T> {
  key: SectionKey;
  /** The section's heading line(s); shown whenever the section is. */
  heading: string;
  items: readonly T[];
  /** One item's Markdown (rendered only if the page may show it); `index` counts from 0. */
  render(item: T, index: number): string;
  /** The line that counts the items left out and names the command that shows them. */
  leftOut(omitted: readonly T[]): string;
  /** Shown under the heading when there are no items; undefined: the section is left out then. */
  whenEmpty?: string;
  /** Its share of the space in the first pass (0–1). */
  share: number;
  /** Between two items: a blank line (default), or a line break for a tight list of one-line items. */
  itemGap?: '\n' | '\n\n';
}

export interface Page {
  markdown: string;
  shown: Partial<Record<SectionKey, number>>;
  omitted: Partial<Record<SectionKey, number>>;
}

const BLOCK_GAP = '\n\n';

/** The header, the headings and the "left out" lines alone do not fit in the cap. */
export class PageTooSmall extends Error {
  constructor(readonly needs: number) {
    super(`the page needs at least ${needs} characters`);
  }
}

/** A section as the fill works on it: its rendered items, memoised. */
class Filling<T> {
  taken = 0;
  used = 0;
  private readonly rendered: string[] = [];
  readonly reserve: number;

  constructor(readonly section: PageSection<T>) {
    this.reserve = section.items.length ? section.leftOut(section.items).length + BLOCK_GAP.length : 0;
  }

  get complete(): boolean {
    return this.taken === this.section.items.length;
  }

  private text(i: number): string {
    return (this.rendered[i] ??= this.section.render(this.section.items[i]!, i));
  }

  /** Takes items while each fits in `limit` (for this section) and `room` (for the page); returns the characters used. */
  take(limit: number, room: number): number {
    let spent = 0;
    while (!this.complete) {
      // The first item follows the heading after a blank line; the others follow the one before.
      const gap = this.taken === 0 ? BLOCK_GAP : this.section.itemGap ?? BLOCK_GAP;
      const cost = this.text(this.taken).length + gap.length;
      if (this.used + cost > limit || spent + cost > room) break;
      this.used += cost;
      spent += cost;
      this.taken++;
    }
    return spent;
  }

  markdown(): string {
    const s = this.section;
    const parts = [s.heading];
    if (!s.items.length) parts.push(s.whenEmpty!);
    const shown = Array.from({ length: this.taken }, (_, i) => this.text(i));
    if (shown.length) parts.push(shown.join(s.itemGap ?? BLOCK_GAP));
    // After a blank line: a line right under a list item would read as part of it.
    if (!this.complete) parts.push(s.leftOut(s.items.slice(this.taken)));
    return parts.join(BLOCK_GAP);
  }
}

/**
 * The page: `header`, then `sections` in the order given (those with no items and no
 * `whenEmpty` left out), at most `maxChars` characters (UTF-16 code units, so also at most
 * that many code points). `priority`: which sections take the space left over first.
 */
export function assemblePage(header: string, sections: readonly PageSection<unknown>[], priority: readonly SectionKey[], maxChars: number): Page {
  const fillings = sections.filter((s) => s.items.length || s.whenEmpty !== undefined).map((s) => new Filling(s));
  const fixed = header.length + 1 + fillings.reduce((n, f) => n + BLOCK_GAP.length + f.section.heading.length + (f.section.items.length ? 0 : BLOCK_GAP.length + f.section.whenEmpty!.length), 0);
  let room = maxChars - fixed - fillings.reduce((n, f) => n + f.reserve, 0);
  if (room < 0) throw new PageTooSmall(maxChars - room);
  const byPriority = [...fillings].sort((a, b) => priority.indexOf(a.section.key) - priority.indexOf(b.section.key));
  const shared = room;
  for (const f of byPriority) room -= f.take(Math.floor(f.section.share * shared), room);
  const released = new Set<Filling<unknown>>();
  for (;;) {
    for (const f of byPriority) room -= f.take(Infinity, room);
    const newlyComplete = byPriority.filter((f) => f.complete && f.reserve && !released.has(f));
    if (!newlyComplete.length) break;
    for (const f of newlyComplete) {
      released.add(f);
      room += f.reserve;
    }
  }
  const markdown = [header, ...fillings.map((f) => f.markdown())].join(BLOCK_GAP) + '\n';
  const shown: Page['shown'] = {};
  const omitted: Page['omitted'] = {};
  for (const f of fillings) {
    shown[f.section.key] = f.taken;
    omitted[f.section.key] = f.section.items.length - f.taken;
  }
  return { markdown, shown, omitted };
}
