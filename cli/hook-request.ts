/**
 * What `consider-cli hook` was asked, parsed leniently from its command line: shared by the
 * delivery hooks (run.ts) and the plan gate's hooks (plans/gate.ts).
 */
import { parseArgs } from 'node:util';

export interface HookRequest {
  event?: string;
  agent?: string;
  root?: string;
  /** Answer only in a project recorded as set up by the user (`--if-set-up`). */
  ifSetUp?: boolean;
}

/** An option's value when it is a string (a lenient parse may give `true` for `--agent` alone). */
export function stringValue(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The request from raw arguments, leniently: whatever does not parse is simply absent. */
export function hookRequest(args: string[]): HookRequest {
  try {
    const { values, positionals } = parseArgs({
      args, options: { agent: { type: 'string' }, root: { type: 'string' }, 'if-set-up': { type: 'boolean' } }, strict: false, allowPositionals: true,
    });
    return { event: positionals[0], agent: stringValue(values.agent), root: stringValue(values.root), ifSetUp: values['if-set-up'] === true };
  } catch {
    return {};
  }
}
