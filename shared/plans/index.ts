/** The plan gate's store side (docs/plan-gate.md), re-exported by the store module (shared/index.ts) for the CLI. */
export * from '../plan-document';
export * from './model';
export * from './plan-store';
export * from './live';
export * from './plan-threads';
export * from './verdict-text';
