/**
 * `consider-cli hook <event> --agent <agent>`: reads the agent's hook input on stdin and prints
 * the JSON that agent expects (agents.ts), or nothing. Exit 0, no output, whenever nothing is
 * waiting or anything goes wrong (no store, a broken one, bad input, an unknown agent or
 * event): a hook that fails would break the agent's turn, and a broken store must not.
 * `<event>` is ours or the agent's own name for it (`Stop`, `AfterAgent`, …). A command line
 * it cannot use (an unknown agent or event) is said in one line on stderr, which agents keep
 * out of the model's sight on exit 0, so that whoever wrote the hook can see what is wrong.
 * With `--if-set-up` (every hook setup installs), and always as the user's own copy of the CLI,
 * it answers only in a project the user set up on this machine (../set-up-guard.ts): a repository
 * or folder that merely holds a `.consider/` gets nothing said into the agent's session.
 */
import { HOOK_AGENT_IDS, recordTurn } from '../../shared';
import { captureTurn } from '../turn-lane';
import { mayAnswerIn } from '../set-up-guard';
import { writeStderr, writeStdout } from '../stdio';
import { agentEvents, agentFormat, hookEvent } from './agents';
import { HOOK_EVENTS } from './names';
import { hookWorkspaceRoot, readHookInput, stringField } from '../hook-input';
import { contextLine, isOwnReason, stopReason, waitingFeedback } from './feedback';
import { forgetBlocks, shouldBlock, shouldTell } from './stop-state';
import { answeredByOwnHook } from './borrowed';
import { planEvent } from '../plans/formats';
import type { HookRequest } from '../hook-request';

// The request's shape and parsing live apart, so the plan gate (plans/gate.ts) can name it without importing this module back.
export { hookRequest, stringValue, type HookRequest } from '../hook-request';

/** Answers the hook; never throws. */
export async function answerHook(req: HookRequest): Promise<void> {
  try {
    const turn: TurnSeen = {};
    const out = await answer(req, turn);
    if (turn.root !== undefined && turn.event !== 'session-start') {
      // A stop the hook blocks does not end the turn: the agent goes on with the review.
      const state = turn.event === 'prompt' || out !== undefined ? 'running' : 'ended';
      const recorded = recordTurn(turn.root, turn.session!, state);
      // The workspace as the turn starts and ends, with the session (shared/changes/turn-lanes.ts):
      // who changed what. Not on a blocked stop (the turn goes on), not for a session with no id.
      const phase = turn.event === 'prompt' ? 'start' : state === 'ended' ? 'end' : undefined;
      if (recorded && phase && !turn.session!.endsWith(':')) captureTurn(turn.root, turn.session!, phase);
    }
    if (out !== undefined) writeStdout(JSON.stringify(out) + '\n');
  } catch {
    /* a hook never breaks its agent */
  }
}

/** Where `answer` found the hook to run (a set-up project, the hook not borrowed): the turn it starts or ends is recorded there (shared/store/agent-turns.ts). */
interface TurnSeen { root?: string; session?: string; event?: string }

async function answer(req: HookRequest, turn: TurnSeen): Promise<object | undefined> {
  // The plan gate (docs/plan-gate.md): loaded only for its events, it may wait for a verdict.
  if (planEvent(req.agent, req.event)) return (await import('../plans/gate')).answerPlanHook(req);
  const format = agentFormat(req.agent);
  const event = hookEvent(req.agent, req.event);
  if (!format || !event) return misuse(req);
  const input = await readHookInput();
  if (!input) return undefined;
  // What the agent can be told at this event: when nothing, the store is not even looked at.
  const render = event === 'stop' ? format.block : event === 'prompt' ? format.promptContext : format.sessionContext;
  if (!render) return undefined;
  const root = hookWorkspaceRoot(format.projectDir(input), req.root);
  if (!mayAnswerIn(root, req.ifSetUp)) return undefined;
  // Another agent running this agent's hook file (Copilot and Cursor read .claude/settings.json)
  // while its own Consider hook is there too: that one answers, this one keeps quiet.
  if (answeredByOwnHook(req.agent, input, root)) return undefined;
  const session = `${req.agent}:${format.sessionId(input) ?? ''}`;
  Object.assign(turn, { root, session, event });
  // Rounds addressed to another session are not this one's: its stop goes through, it is not told.
  const feedback = waitingFeedback(root, format.sessionId(input) !== undefined ? session : undefined);
  if (event !== 'stop') {
    // Once per turn: not again at the first prompt after SessionStart, and not on the prompt that
    // is our own stop reason coming back (Gemini CLI's AfterAgent, OpenCode's plugin).
    if (!feedback || isOwnReason(stringField(input, 'prompt'))) return undefined;
    return (await shouldTell(root, session, feedback.key())) ? render(contextLine(feedback)) : undefined;
  }
  if (!feedback) {
    await forgetBlocks(root, session);
    return undefined;
  }
  if (format.mayBlock && !format.mayBlock(input)) return undefined;
  return (await shouldBlock(root, session, format.continuing(input), feedback.key())) ? render(stopReason(feedback)) : undefined;
}

/** Says on stderr what is wrong with the command line; prints nothing for the agent. */
function misuse(req: HookRequest): undefined {
  const known = agentEvents(req.agent);
  const problem = !known
    ? `--agent must be one of ${HOOK_AGENT_IDS.join('|')} (got ${JSON.stringify(req.agent ?? '')})`
    : `the event must be one of ${HOOK_EVENTS.join('|')} or ${known.label}'s own ${known.names.join('|')} (got ${JSON.stringify(req.event ?? '')})`;
  writeStderr(`consider-cli: hook: ${problem}; nothing done (a hook always exits 0 and prints nothing then), see consider-cli hook --help\n`);
  return undefined;
}
