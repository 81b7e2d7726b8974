/**
 * Writes the first screen (previewTree.ts) as HTML, for the host to put into the panel's page
 * (extension/board/html.ts): the rows are painted as soon as the page is parsed, with no script
 * of ours run yet.
 *  - Every text and attribute value is escaped: titles come from agents and must stay text.
 *  - The page's CSP allows no style attributes (no 'unsafe-inline'), so the geometry (heights,
 *    offsets, the scroll position) goes into rules for the page's nonce'd <style>, one class per
 *    element that has any; the values are numbers the host computed.
 */
import type { FirstScreen } from './firstScreen';
import { previewTree, type PreviewNode } from './previewTree';

export interface PreviewHtml {
  /** The markup that goes inside #root. */
  readonly markup: string;
  /** The geometry rules the markup's classes refer to. */
  readonly css: string;
}

export function previewHtml(screen: FirstScreen): PreviewHtml {
  const rules: string[] = [];
  const markup = write(previewTree(screen), rules);
  return { markup, css: rules.join('\n') };
}

function write(n: PreviewNode, rules: string[]): string {
  let className = n.className ?? '';
  const geometry: string[] = [];
  if (n.box) geometry.push(`height:${px(n.box.height)}`, ...(n.box.y !== undefined ? [`transform:translateY(${px(n.box.y)})`] : []));
  if (geometry.length || n.scrollTop) {
    const own = `pv${rules.length}`;
    className = className ? `${className} ${own}` : own;
    if (geometry.length) rules.push(`.${own}{${geometry.join(';')}}`);
    // Scrolled as the app's list will be: its content moved up by the scroll position (the preview cannot be scrolled).
    if (n.scrollTop) rules.push(`.${own}>*{transform:translateY(${px(-n.scrollTop)})}`);
  }
  let attrs = className ? ` class="${escapeHtml(className)}"` : '';
  for (const [name, value] of Object.entries(n.attrs ?? {})) attrs += value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  // A void element has no end tag (`</br>` would be read as a second <br>).
  if (n.tag === 'br') return `<br${attrs}>`;
  const children = (n.children ?? []).map((c) => (typeof c === 'string' ? escapeHtml(c) : write(c, rules))).join('');
  return `<${n.tag}${attrs}>${children}</${n.tag}>`;
}

/** A finite number of px (anything else becomes 0: the host computed it, but a style rule is no place to trust that). */
const px = (v: number): string => `${Number.isFinite(v) ? Math.round(v * 100) / 100 : 0}px`;

/** Escaped for text and for double-quoted attribute values alike. */
export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
