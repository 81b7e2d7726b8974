/**
 * The board's and the extension's pure modules' `l10n.t`: vscode.l10n.t's lookup and format, with
 * no `vscode` (the webview has none; unit tests load these modules without it).
 *
 * One bundle for the whole extension (README, "Translating Consider"): l10n/bundle.l10n.json, its
 * keys the English strings themselves, as @vscode/l10n-dev extracts them from every l10n.t call
 * (scripts/l10n.mjs). VS Code loads l10n/bundle.l10n.<language>.json for the extension; the host
 * hands that same bundle (vscode.l10n.bundle) to this module at activation and to the webview in
 * its page (extension/board/html.ts, data-l10n), which sets it here before it renders anything.
 * With no bundle (English), every string is its own key.
 */
import { groupDigits } from '../text';

export type L10nBundle = Readonly<Record<string, string>>;

let current: L10nBundle = {};

/** The translations in force from now on (strings only; anything else in it is ignored). */
export function setL10nBundle(bundle: unknown): void {
  current = validL10nBundle(bundle) ?? {};
}

/** The bundle in force (the host passes it on to the webview). */
export function l10nBundle(): L10nBundle {
  return current;
}

/**
 * `bundle` as a bundle: an object of strings. The entries that are not strings are dropped (a
 * translator's tool may leave `{ message, comment }` objects); undefined if it is no object.
 */
export function validL10nBundle(bundle: unknown): L10nBundle | undefined {
  if (typeof bundle !== 'object' || bundle === null || Array.isArray(bundle)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(bundle)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** `message` in the current language, `{0}`, `{1}`… replaced by `args` (as vscode.l10n.t does). */
function t(message: string, ...args: Array<string | number | boolean>): string {
  const text = Object.hasOwn(current, message) ? current[message]! : message;
  return args.length ? text.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : m)) : text;
}

/** Named so @vscode/l10n-dev finds the calls: `l10n.t('…', …)`, as with vscode.l10n. */
export const l10n = { t } as const;

/**
 * shared/text.ts `plural` in the current language: `one` and `many` are the l10n.t of
 * '{0} file' and '{0} files' (each a string of the bundle), {0} the count with its digits grouped.
 */
export function countOf(n: number, one: string, many: string): string {
  return (n === 1 ? one : many).replace('{0}', groupDigits(n));
}
