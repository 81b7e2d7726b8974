// Delivery proven inside the real agents (issue 24): each agent's own CLI, installed from npm at a
// pinned version (install.mjs, agents.mjs), runs one non-interactive turn in a workspace set up by
// consider-setup, with a submitted review waiting, against the stand-in model server
// (model/server.mjs) answering from one script (script.mjs). What the model received, and the
// store afterwards, say whether the review was delivered, answered and let go.
//
// Run: `node scripts/test-all.mjs agents` (npm test's `agents` step), or
// `npx vitest run -c vitest.agents.config.mts` (`-t codex` for one agent). Needs dist/ (build first).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, CASES, PROMPT } from './agents.mjs';
import { repliesInStore, summarize, turnRequests } from './analyze.mjs';
import { KEEP_RUN, REPO, agentsReady, endRun, runDir } from './suite-run.mjs';
import { CONTEXT_MARK, STOP_MARK, reviewTurnOn } from './script.mjs';
import { prepareAgent, readHookState, runOpencodeServerTurn, runTurn } from './turn.mjs';

/** consider-setup's arguments for a project set up for every agent setup knows (Cursor's files too). */
const ALL_AGENTS_SETUP = ['cursor', ...AGENTS.map((a) => a.id)].flatMap((id) => ['--integration', `${id}:project`, '--hook', `${id}:project`, '--mcp', id]);

const RUN_DIR = runDir('consider-agents');
const figures = [];
let paths;

beforeAll(async () => {
  paths = await agentsReady();
}, 30 * 60_000);

afterAll(() => {
  console.log(`\nagents: requests to the model per turn (run folder ${KEEP_RUN ? RUN_DIR : 'removed; CONSIDER_AGENTS_KEEP=1 keeps it'})`);
  console.table(figures);
  endRun(RUN_DIR);
});

/** Why a turn failed, for the assertion message: the agent's own output and the model's log. */
function story(turn) {
  const lines = turnRequests(turn.requests).map((r) => `  #${r.seq} ${r.route}: ${JSON.stringify(r.reply).slice(0, 160)}`);
  return `exit ${turn.code}${turn.timedOut ? ' (timed out)' : ''} after ${turn.ms} ms${turn.phases ? ` ${JSON.stringify(turn.phases)}` : ''}\nmodel requests:\n${lines.join('\n')}\nstdout: ${turn.stdout.slice(-1500)}\nstderr: ${turn.stderr.slice(-1500)}`;
}

describe.each(CASES)('$label, one turn with a submitted review waiting', (c) => turnCase(c, c.id, c.agent.setup));

// A team using several agents: the project set up for all of them at once (skills, hooks, MCP
// servers), each agent still sees the review once, the skill once, its tools once.
describe.each(CASES.filter((c) => !c.server))('$label, in a project set up for every agent', (c) => turnCase(c, `${c.id}-all`, ALL_AGENTS_SETUP));

/** `consider-setup uninstall --full` in the case's workspace and home; returns its report. */
function uninstallFull({ ws, home }) {
  const r = spawnSync(process.execPath, [path.join(REPO, 'dist/setup/consider-setup.cjs'), 'uninstall', '--full', '--root', ws], { encoding: 'utf8', env: { ...process.env, HOME: home } });
  if (r.status !== 0) throw new Error(`uninstall failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

function turnCase(c, id, setup) {
  let prepared;
  let turn;
  let summary;
  /** Whose Consider hooks had blocked a stop, as the hook state said at each model request. */
  const blockedBy = new Set();

  beforeAll(async () => {
    const dir = path.join(RUN_DIR, id);
    fs.mkdirSync(dir);
    const script = reviewTurnOn(c.trigger === 'stop' ? STOP_MARK : CONTEXT_MARK);
    const respond = (t, ctx) => {
      for (const [session, s] of Object.entries(readHookState(path.join(dir, 'ws'))?.sessions ?? {})) if (s.blocks > 0) blockedBy.add(session.split(':')[0]);
      return script(t, ctx);
    };
    prepared = await prepareAgent(c.agent, { repo: REPO, dir, paths, setup, respond });
    turn = c.server ? await runOpencodeServerTurn(prepared, { prompt: PROMPT }) : await runTurn(prepared);
    summary = summarize(turn.requests);
    if (turn.phases) console.log(`${c.id}: server listening after ${turn.phases.listening} ms, \`run --attach\` done after ${turn.phases.clientDone} ms, settled after ${turn.phases.settled} ms`);
    figures.push({
      case: id, version: c.agent.pkg.version, seconds: +(turn.ms / 1000).toFixed(1),
      modelRequests: summary.requests, turnRequests: summary.turns, perReview: summary.turns - 1,
      stopDeliveries: summary.stop.deliveries, reasonCopies: summary.stop.copies, contextLines: summary.contextLines, skillListings: summary.skillListings,
    });
  }, 5 * 60_000);
  afterAll(() => prepared?.close());

  it('consider-setup status names what the user must still do for it, until the trust step is done', () => {
    const todo = (needs) => needs.filter((n) => n.agent === c.agent.id && n.state === 'todo').map((n) => n.step);
    if (c.agent.id === 'opencode') expect(todo(prepared.needsBefore)).toEqual([]); // OpenCode asks nothing
    else expect(todo(prepared.needsBefore).length).toBeGreaterThan(0);
    expect(todo(prepared.needsAfter)).toEqual([]);
  });

  it('ends the turn by itself', () => {
    expect(turn.timedOut, story(turn)).toBe(false);
    expect(turn.code, story(turn)).toBe(0);
    expect(summary.endedWithText, story(turn)).toBe(true);
  });

  it(c.trigger === 'stop' ? 'hands the model the stop reason once, and the context line once' : 'hands the model the context line once, with the prompt', () => {
    expect(summary.stop.deliveries, story(turn)).toBe(c.trigger === 'stop' ? 1 : 0);
    expect(summary.contextLines, story(turn)).toBe(1);
    if (c.trigger === 'context') expect(summary.firstContextLines, 'the context line is not in the first request').toBe(1);
  });

  it('answers through the CLI, with its disposition, in the store', () => {
    const replies = repliesInStore(turn.threads);
    expect(replies.viaCli.map((r) => r.disposition), story(turn)).toEqual(['addressed']);
  });

  it('answers through the MCP server setup registered, with its disposition, in the store', () => {
    expect(summary.mcpTool, `the agent offered the model no Consider MCP tool\n${story(turn)}`).toBe(true);
    const replies = repliesInStore(turn.threads);
    expect(replies.viaMcp.map((r) => r.disposition), story(turn)).toEqual(['declined']);
    expect(new Set(replies.all.map((r) => r.thread))).toEqual(new Set(prepared.reviewIds));
  });

  it('lets the next stop through: nothing waits, nothing loops', () => {
    // The script's turn: [the task,] list, the CLI reply, [Claude: fetch the deferred tool,] the MCP reply, the end.
    const expected = (c.trigger === 'stop' ? 5 : 4) + (c.agent.id === 'claude' ? 1 : 0);
    expect(summary.turns, story(turn)).toBe(expected);
    // A session's record may stay (what it was told, for the next prompt); a block must not.
    const blocked = Object.entries(turn.hookState?.sessions ?? {}).filter(([, s]) => s.blocks > 0 || s.key);
    expect(blocked, 'a blocked stop is still remembered after the turn').toEqual([]);
  });

  it('offers the model the Consider skill once', () => {
    expect(summary.skillListings, story(turn)).toBe(1);
  });

  it('uninstall afterwards takes out every file setup wrote, whatever the agent added to them (OpenCode: $schema)', () => {
    const created = prepared.workspace.setupOutput.split('\n').map((l) => /^created\s+(\S+)/.exec(l)?.[1]).filter(Boolean)
      .filter((rel) => !rel.startsWith('.consider') && !rel.startsWith('~') && fs.statSync(path.join(prepared.ws, rel), { throwIfNoEntry: false })?.isFile() !== false);
    const report = uninstallFull(prepared);
    const left = created.filter((rel) => fs.existsSync(path.join(prepared.ws, rel)));
    expect(left, report).toEqual([]);
  });

  it("runs only its own Consider hook (Copilot CLI also runs Claude Code's)", () => {
    expect([...blockedBy], story(turn)).toEqual(c.trigger === 'stop' ? [c.agent.id] : []);
  });

  it('warns about no skill of its own twice', () => {
    expect(`${turn.stdout}\n${turn.stderr}`).not.toMatch(/Skill conflict detected/);
  });

  it('offers the model each Consider MCP tool once', () => {
    const names = turnRequests(turn.requests).at(-1).transcript.tools.map((t) => `${t.namespace ?? ''}/${t.name}`).filter((n) => /consider/i.test(n));
    expect(names.length, story(turn)).toBe(new Set(names).size);
  });
}
