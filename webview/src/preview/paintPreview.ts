/**
 * Draws the first screen (previewTree.ts) as DOM: the boot script's preview from the first
 * snapshot, when the page came without one (firstScreen.ts usablePagePreview). Text goes in as
 * text nodes and attributes through setAttribute: nothing is parsed as HTML.
 */
import type { FirstScreen } from '../../../shared/board/firstScreen';
import { previewTree, type PreviewNode } from '../../../shared/board/previewTree';

/** Draws the first screen into `root`, replacing what is there. */
export function paintPreview(root: HTMLElement, screen: FirstScreen): void {
  const scrolled: [HTMLElement, number][] = [];
  root.replaceChildren(build(previewTree(screen), scrolled));
  // At the saved scroll position, as the app's virtual list (forces a layout: only when there is somewhere to scroll to).
  for (const [el, top] of scrolled) el.scrollTop = top;
}

function build(n: PreviewNode, scrolled: [HTMLElement, number][]): HTMLElement {
  const el = document.createElement(n.tag);
  if (n.className) el.className = n.className;
  for (const [name, value] of Object.entries(n.attrs ?? {})) el.setAttribute(name, value);
  if (n.box) {
    el.style.height = `${n.box.height}px`;
    if (n.box.y !== undefined) el.style.transform = `translateY(${n.box.y}px)`;
  }
  if (n.scrollTop) scrolled.push([el, n.scrollTop]);
  for (const c of n.children ?? []) {
    if (typeof c !== 'string') el.append(build(c, scrolled));
    else if (c) el.append(c);
  }
  return el;
}
