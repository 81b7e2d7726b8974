/**
 * The store module's public surface: everything the CLI and the extension use to read and
 * change `.consider/`. Deployed as `.consider/shared/store.js` (spec §4.1).
 * PLACEHOLDER: filled in by the foundation work (issue 2).
 */
export * from './model';
export * from './errors';
export * from './anchor';
export * from './reconcile-pass';
