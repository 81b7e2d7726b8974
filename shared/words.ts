/**
 * Words a user may read, kept as data (issue 36: "user-facing text only from the l10n bundle,
 * wherever the code lives").
 *
 * The store module has no `vscode` and no language: the CLI and the agents read English. But
 * its errors also reach a person in VS Code ("the store is locked by process 4242"), whose VS
 * Code may speak French. So an error keeps its sentence as the English template and the
 * arguments, `{ text: 'the store is locked by process {0}', args: [4242] }`: the CLI prints
 * `english(words)`, the extension asks the l10n bundle for `text` (extension/error-words.ts).
 *
 * The templates are written at the place that raises the error, through `l10n.t` below, so
 * they read as the sentence they are and scripts/l10n.mjs extracts them into
 * l10n/bundle.l10n.json with every other string the user reads. Unlike vscode.l10n.t, this
 * `t` translates nothing: it only records.
 *
 * An argument may itself be Words (a cause inside "cannot read {0}: {1}"); file names, numbers
 * and text that comes from elsewhere (git's stderr, a JSON parser's message) stay as they are.
 */
export interface Words {
  /** The English template, `{0}`, `{1}`… standing for the arguments: also the bundle's key. */
  readonly text: string;
  readonly args: readonly WordArg[];
}

export type WordArg = string | number | Words;

function t(text: string, ...args: WordArg[]): Words {
  return { text, args };
}

/** Named as the l10n calls scripts/l10n.mjs extracts: `l10n.t('…', …)`. */
export const l10n = { t } as const;

export function isWords(value: unknown): value is Words {
  return typeof value === 'object' && value !== null && typeof (value as Words).text === 'string' && Array.isArray((value as Words).args);
}

/**
 * `words` with each `{n}` replaced by its argument, each argument worded by `say` first (in
 * English when no `say` is given). A `{n}` with no argument stays as written, as vscode.l10n.t
 * leaves it.
 */
export function formatWords(words: Words | string, say: (template: string, args: readonly string[]) => string = fill): string {
  if (typeof words === 'string') return words;
  return say(words.text, words.args.map((a) => (isWords(a) ? formatWords(a, say) : String(a))));
}

/** The English sentence: what the CLI prints and every log line records. */
export function english(words: Words | string): string {
  return formatWords(words);
}

function fill(template: string, args: readonly string[]): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (Number(i) < args.length ? args[Number(i)]! : m));
}
