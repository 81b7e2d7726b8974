/**
 * What an agent's hooks look like on the wire: where its hook input keeps the session and the
 * project folder, how it says a stop follows one a hook blocked, and the JSON it reads back.
 * One object per documented format (formats/), named per agent in agents.ts.
 */
import type { HookInput } from '../hook-input';

export interface AgentFormat {
  /** The session the stop state is kept for (undefined: one state for all of this agent's sessions). */
  sessionId(input: HookInput): string | undefined;
  /** The folder the agent works in, as its hook input says. */
  projectDir(input: HookInput): string | undefined;
  /**
   * true when this stop comes right after a stop a hook blocked (the agent is continuing because
   * of it), false for a stop that ends a fresh turn, undefined when the agent does not say.
   */
  continuing(input: HookInput): boolean | undefined;
  /** Whether this stop may be blocked at all (default: yes). */
  mayBlock?(input: HookInput): boolean;
  /** The answer that keeps the agent working, with `reason` as its instruction. */
  block(reason: string): object;
  /** The answer that adds `line` as context to the prompt; absent: the agent offers no way (print nothing). */
  promptContext?(line: string): object;
  /** The answer that adds `line` as context to a new session; absent: the agent offers no way. */
  sessionContext?(line: string): object;
}
