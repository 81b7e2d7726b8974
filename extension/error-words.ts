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
import { formatWords, type Words } from '../shared/words';
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
