/**
 * The webview's strings come from one bundle the host writes into the page (extension/board/html.ts:
 * #root's data-l10n, the bundle VS Code loaded for the extension; absent in English). It is
 * checked like any message from the host: a bundle that is not JSON, or not an object of
 * strings, is ignored (English shows) and said once in the console.
 */
import { Fragment, createElement, type ReactElement, type ReactNode } from 'react';
import { setL10nBundle, validL10nBundle } from '../../../shared/board/l10n';

export function loadPageBundle(root: HTMLElement): void {
  const text = root.dataset.l10n;
  if (!text) return;
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { /* said below */ }
  const bundle = validL10nBundle(parsed);
  if (!bundle) console.warn('[consider] ignored the page\'s string bundle: not a JSON object');
  setL10nBundle(bundle);
}

/**
 * A translated sentence with markup in it: `template` is an l10n.t of a string with {0}, {1}…
 * where the elements go (l10n.t without arguments leaves them), so a translation can move them:
 * `withNodes(l10n.t('Run {0} after big changes.'), <b>{l10n.t('Reconcile all')}</b>)`.
 */
export function withNodes(template: string, ...nodes: ReactNode[]): ReactElement {
  const parts = template.split(/\{(\d+)\}/).map((p, i) => (i % 2 ? nodes[Number(p)] ?? `{${p}}` : p));
  return createElement(Fragment, null, ...parts);
}
