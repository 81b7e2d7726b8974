/**
 * `consider-cli hook <event> --agent <agent>`: reads the agent's hook input on stdin and prints
 * the JSON that agent expects (agents.ts), or nothing. Exit 0, no output, whenever nothing is
 * waiting or anything goes wrong (no store, a broken one, bad input, an unknown agent or
 * event): a hook that fails would break the agent's turn, and a broken store must not.
 * A person typing a wrong command line at a terminal gets one line on stderr; agents pipe
 * their input and never see it (they ignore stderr on exit 0 anyway).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findWorkspaceRoot, isDir } from '../../shared/store';
import { writeStderr, writeStdout } from '../stdio';
import { agentFormat } from './agents';
import { AGENT_NAMES, HOOK_EVENTS, isHookEvent } from './names';
import { readHookInput, stringField, typedByHand } from './input';
import { contextLine, isOwnReason, stopReason, waitingFeedback } from './feedback';
import { forgetBlocks, shouldBlock, shouldTell } from './stop-state';
import { answeredByOwnHook } from './borrowed';

export interface HookRequest {
  event?: string;
  agent?: string;
  root?: string;
}

/** An option's value when it is a string (a lenient parse may give `true` for `--agent` alone). */
export function stringValue(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The request from raw arguments, leniently: whatever does not parse is simply absent. */
export function hookRequest(args: string[]): HookRequest {
  try {
    const { values, positionals } = parseArgs({ args, options: { agent: { type: 'string' }, root: { type: 'string' } }, strict: false, allowPositionals: true });
    return { event: positionals[0], agent: stringValue(values.agent), root: stringValue(values.root) };
  } catch {
    return {};
  }
}

/** Answers the hook; never throws. */
export function answerHook(req: HookRequest): void {
  try {
    const out = answer(req);
    if (out !== undefined) writeStdout(JSON.stringify(out) + '\n');
  } catch {
    /* a hook never breaks its agent */
  }
}

function answer(req: HookRequest): object | undefined {
  const format = agentFormat(req.agent);
  if (!format || !isHookEvent(req.event)) return misuse(req);
  const input = readHookInput();
  if (!input) return undefined;
  const event = req.event;
  // What the agent can be told at this event: when nothing, the store is not even looked at.
  const render = event === 'stop' ? format.block : event === 'prompt' ? format.promptContext : format.sessionContext;
  if (!render) return undefined;
  const root = workspaceRoot(format.projectDir(input), req.root);
  // Another agent running this agent's hook file (Copilot and Cursor read .claude/settings.json)
  // while its own Consider hook is there too: that one answers, this one keeps quiet.
  if (answeredByOwnHook(req.agent, input, root)) return undefined;
  const feedback = waitingFeedback(root);
  const session = `${req.agent}:${format.sessionId(input) ?? ''}`;
  if (event !== 'stop') {
    // Once per turn: not again at the first prompt after SessionStart, and not on the prompt that
    // is our own stop reason coming back (Gemini CLI's AfterAgent, OpenCode's plugin).
    if (!feedback || isOwnReason(stringField(input, 'prompt'))) return undefined;
    return shouldTell(root, session, feedback.key()) ? render(contextLine(feedback)) : undefined;
  }
  if (!feedback) {
    forgetBlocks(root, session);
    return undefined;
  }
  if (format.mayBlock && !format.mayBlock(input)) return undefined;
  return shouldBlock(root, session, format.continuing(input), feedback.key()) ? render(stopReason(feedback)) : undefined;
}

/**
 * The workspace: up from the folder the agent says it works in (it may be a subfolder), else
 * --root as given, else up from here, as every command finds it.
 */
function workspaceRoot(projectDir: string | undefined, rootFlag: string | undefined): string {
  if (projectDir !== undefined && isDir(path.resolve(projectDir))) return findWorkspaceRoot(path.resolve(projectDir));
  if (rootFlag !== undefined && isDir(path.resolve(rootFlag))) return path.resolve(rootFlag);
  return findWorkspaceRoot(process.cwd());
}

function misuse(req: HookRequest): undefined {
  if (!typedByHand()) return undefined;
  const problem = !isHookEvent(req.event)
    ? `the event must be one of ${HOOK_EVENTS.join('|')} (got ${JSON.stringify(req.event ?? '')})`
    : `--agent must be one of ${AGENT_NAMES.join('|')} (got ${JSON.stringify(req.agent ?? '')})`;
  writeStderr(`consider-cli: hook: ${problem}; it prints nothing and exits 0 whatever goes wrong, see consider-cli hook --help\n`);
  return undefined;
}
