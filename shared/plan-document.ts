/**
 * The one file of a plan that takes review threads: `.consider/plans/<plan id>/<name>.md`, the
 * plan's current version as the developer reads it (docs/plan-gate.md). Every other path under
 * `.consider/` is Consider's own data and stays refused (shared/paths.ts, the comment
 * controller). No imports, on shared/'s ground floor beside paths.ts, which asks this on every
 * user-given path (plans/ re-exports it).
 */

/** `.consider/plans`, workspace-relative with forward slashes (the store's form). */
export const PLANS_REL = '.consider/plans';

/** A plan's id: `p_` and 8 base-36 characters, like thread ids. */
export const PLAN_ID_PATTERN = /^p_[0-9a-z]{8}$/;

const PLAN_DOCUMENT = /^\.consider\/plans\/p_[0-9a-z]{8}\/[a-z0-9][a-z0-9-]{0,63}\.md$/;
const PLAN_DOCUMENT_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.md$/;

/**
 * Whether `name` (a plan record's `document`) is a review document's file name: one plain name
 * in the plan's folder. plan.json is data a repository can commit, so a name such as
 * `../../../../victim.txt` must never be joined to a path (issue 34).
 */
export function isPlanDocumentName(name: unknown): name is string {
  return typeof name === 'string' && PLAN_DOCUMENT_NAME.test(name);
}

/** Whether `rel` (workspace-relative, forward slashes) is a plan's review document. */
export function isPlanDocument(rel: string): boolean {
  return PLAN_DOCUMENT.test(rel);
}

/** The plan id of a review document's path, if it is one. */
export function planIdOfDocument(rel: string): string | undefined {
  return isPlanDocument(rel) ? rel.split('/')[2] : undefined;
}
