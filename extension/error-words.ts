/**
 * An error from the store module, said in VS Code's language (issue 36). The store module keeps
 * its sentences as words (shared/words.ts): the English template, which is also the key of the
 * l10n bundle, and the arguments. Here each template is looked up in the bundle VS Code loaded
 * (through the shared board l10n, which holds that same bundle: no `vscode` import, so vitest
 * runs this as it is). What was not written as words (a validator's field path, git's stderr,
 * an error that is not Consider's) is shown as it came.
 *
 * Log lines keep the English `message`: they are read by whoever fixes the bug.
 */
import { ConsiderError } from '../shared/errors';
import { formatWords, isWords, type Words } from '../shared/words';
import { l10n } from '../shared/board/l10n';

export interface ErrorText {
  message: string;
  hint?: string;
}

/** Words in the current language: each template through the bundle, arguments worded first. */
export function sayWords(words: Words | string): string {
  return formatWords(words, (template, args) => l10n.t(template, ...args));
}

/** The message and hint of any thrown value, in the current language where they were written as words. */
export function errorText(e: unknown): ErrorText {
  if (e instanceof ConsiderError) {
    const message = e.words?.message ? sayWords(e.words.message) : e.message;
    const hint = e.words?.hint ? sayWords(e.words.hint) : e.hint;
    return { message, ...(hint !== undefined ? { hint } : {}) };
  }
  if (e instanceof Error) return { message: e.message };
  const shaped = e as { message?: unknown } | null;
  return { message: typeof shaped?.message === 'string' ? shaped.message : String(e) };
}

/**
 * consider-cli's error, from what it printed: with `--json`, `{"error":{message,hint,words?}}` on
 * stdout, said in the current language where it came with words; else the first line of stderr
 * (English). Undefined when neither says anything.
 */
export function cliErrorText(stdout: string, stderr: string): ErrorText | undefined {
  try {
    const { error } = JSON.parse(stdout) as { error?: { message: string; hint?: string | null; words?: { message?: unknown; hint?: unknown } } };
    if (error) {
      const message = isWords(error.words?.message) ? sayWords(error.words.message) : error.message;
      const hint = isWords(error.words?.hint) ? sayWords(error.words.hint) : error.hint ?? undefined;
      return { message, ...(hint ? { hint } : {}) };
    }
  } catch {
    /* not JSON: stderr says it */
  }
  const line = stderr.trim().split('\n')[0]?.replace(/^consider-cli: error: /, '');
  return line ? { message: line } : undefined;
}
