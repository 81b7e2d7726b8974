/**
 * Re-anchoring: where does a thread's code live in today's file? Deployed as
 * `.consider/shared/reconcile.js` (spec §4.1). PLACEHOLDER: filled in by issue 3.
 */
export {};
