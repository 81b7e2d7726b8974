// Parallel agents, in the real agents (issue 39, docs/worktrees.md): each round reaches only the
// agent it is for.
//
// - Two worktrees at once: Claude Code in the project's main checkout, Codex in a second git
//   worktree of it, each set up there by consider-setup, each with a review of its own waiting
//   (different threads, distinctive texts). Both turns run at the same time, each against its own
//   stand-in model server. Each model is handed its own worktree's review and answers it; neither
//   ever sees the other's threads.
// - Two sessions in one checkout: two Claude Code sessions (`--session-id`), one round addressed
//   to session A (ReviewRound.forSession, as Submit Review's session question records it).
//   Session B's turn ends with nothing delivered and nothing of the review in what its model
//   received; then session A's turn is handed the review and answers it.
// - The control, so B's silence is shown to be the addressing and not a turn that would never have
//   been handed anything: the same session-B command line, in the same kind of checkout, with the
//   round submitted for any session (what Submit Review records without the session question),
//   is handed the review at its stop and its model receives the texts. (Checked as well by turning
//   storeSeenBy in shared/model.ts into the identity: the addressed case's B assertions fail.)
//
// Run: `npx vitest run -c vitest.agents.config.mts e2e/agents/worktrees.test.mjs` (npm test's
// `agents` step runs it with the rest). Needs dist/ (build first).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT, agentById } from './agents.mjs';
import { repliesInStore, summarize } from './analyze.mjs';
import { REPO, agentsReady, endRun, runDir } from './suite-run.mjs';
import { STOP_MARK } from './script.mjs';
import { prepareAgent, runTurn } from './turn.mjs';

const RUN_DIR = runDir('consider-agents-worktrees');
let paths;

beforeAll(async () => {
  paths = await agentsReady();
}, 30 * 60_000);

afterAll(() => endRun(RUN_DIR));

/** Everything a model was sent during a turn, as one text (messages, tool results, system prompts). */
const everythingSent = (turn) => JSON.stringify(turn.requests);

/** Why a turn failed, for an assertion's message. */
const story = (turn) => `exit ${turn.code}${turn.timedOut ? ' (timed out)' : ''}\nstdout: ${turn.stdout.slice(-1200)}\nstderr: ${turn.stderr.slice(-1200)}`;

describe('two agents in two worktrees of one repository, at the same time', () => {
  const MAIN = ['MAIN-CHECKOUT: reject negative quantities here.', 'MAIN-CHECKOUT: should `sum` be integer cents?'];
  const WORKTREE = ['WORKTREE-B: log the rejected item before throwing.', 'WORKTREE-B: name the loop variable `line`.'];
  let main;
  let worktree;
  let turns;

  beforeAll(async () => {
    // Codex reads a project's hooks, MCP servers and trust from the repository's main checkout,
    // also in a linked worktree (docs/worktrees.md): so the main checkout is set up for Codex too,
    // as a user of Codex in worktrees must; its hook finds the worktree's own store from there.
    const both = [...agentById('claude').setup, ...agentById('codex').setup];
    main = await prepareAgent(agentById('claude'), { repo: REPO, dir: path.join(RUN_DIR, 'main'), paths, setup: both, review: { bodies: MAIN } });
    worktree = await prepareAgent(agentById('codex'), { repo: REPO, dir: path.join(RUN_DIR, 'feature'), paths, worktreeOf: main.ws, review: { bodies: WORKTREE } });
    turns = await Promise.all([runTurn(main), runTurn(worktree)]);
  }, 5 * 60_000);
  afterAll(() => { main?.close(); worktree?.close(); });

  it('the second workspace is a git worktree of the first, with a store of its own', () => {
    const listed = fs.readFileSync(path.join(main.ws, '.git', 'worktrees', path.basename(worktree.ws), 'gitdir'), 'utf8').trim();
    expect(listed).toBe(path.join(worktree.ws, '.git'));
    expect(main.workspace.threads().map((t) => t.body).sort()).toEqual([...MAIN].sort());
  });

  it('consider-setup status tells a Codex user in a worktree to set Codex up in the main checkout too (done here)', () => {
    const step = worktree.needsAfter.find((n) => n.agent === 'codex' && /main checkout/.test(n.step));
    expect(step).toMatchObject({ state: 'done', where: main.ws });
    expect(worktree.needsAfter.filter((n) => n.agent === 'codex' && n.state === 'todo')).toEqual([]);
  });

  it('both turns end by themselves', () => {
    for (const t of turns) {
      expect(t.timedOut, story(t)).toBe(false);
      expect(t.code, story(t)).toBe(0);
    }
  });

  it('each agent is handed its own worktree\'s review once, and answers it there', () => {
    const [mainTurn, wtTurn] = turns;
    expect(summarize(mainTurn.requests).stop.deliveries, story(mainTurn)).toBe(1);
    expect(summarize(wtTurn.requests).stop.deliveries, story(wtTurn)).toBe(1);
    expect(new Set(repliesInStore(mainTurn.threads).all.map((r) => r.thread))).toEqual(new Set(main.reviewIds));
    expect(new Set(repliesInStore(wtTurn.threads).all.map((r) => r.thread))).toEqual(new Set(worktree.reviewIds));
    expect(everythingSent(mainTurn)).toContain('MAIN-CHECKOUT: reject negative quantities here.');
    expect(everythingSent(wtTurn)).toContain('WORKTREE-B: log the rejected item before throwing.');
  });

  it('neither model ever sees the other worktree\'s threads', () => {
    const [mainTurn, wtTurn] = turns;
    expect(everythingSent(mainTurn)).not.toContain('WORKTREE-B');
    expect(everythingSent(wtTurn)).not.toContain('MAIN-CHECKOUT');
  });
});

const claude = agentById('claude');
/** Claude Code's own command line, with the session id the developer's terminal would have. */
const withSession = (id) => (ctx) => {
  const r = claude.run(ctx);
  return { ...r, args: [...r.args.slice(0, -1), '--session-id', id, PROMPT] };
};

describe('two Claude Code sessions in one checkout, the round addressed to one of them', () => {
  const A = randomUUID();
  const B = randomUUID();
  const BODIES = ['FOR-SESSION-A: reject negative quantities here.', 'FOR-SESSION-A: should `sum` be integer cents?'];
  let prepared;
  let turnB;
  let turnA;

  beforeAll(async () => {
    prepared = await prepareAgent(claude, { repo: REPO, dir: path.join(RUN_DIR, 'sessions'), paths, review: { bodies: BODIES, forSession: `claude:${A}` } });
    turnB = await runTurn(prepared, { run: withSession(B), name: 'session-b' });
    const seenByB = prepared.server.requests.length;
    turnA = await runTurn(prepared, { run: withSession(A), name: 'session-a' });
    turnA = { ...turnA, requests: turnA.requests.slice(seenByB) };
  }, 5 * 60_000);
  afterAll(() => prepared?.close());

  it('the round is addressed to session A', () => {
    expect(prepared.workspace.store.readStore(prepared.ws).store.reviews).toEqual([expect.objectContaining({ round: 1, forSession: `claude:${A}` })]);
  });

  it('session B stops with nothing delivered: its model never sees the review', () => {
    expect(turnB.code, story(turnB)).toBe(0);
    expect(summarize(turnB.requests).stop.deliveries, story(turnB)).toBe(0);
    expect(everythingSent(turnB)).not.toContain('FOR-SESSION-A');
    expect(everythingSent(turnB)).not.toContain(STOP_MARK);
    expect(repliesInStore(turnB.threads).all).toEqual([]);
  });

  it('session A is handed the review at its stop and answers both threads', () => {
    expect(turnA.code, story(turnA)).toBe(0);
    expect(summarize(turnA.requests).stop.deliveries, story(turnA)).toBe(1);
    expect(everythingSent(turnA)).toContain('FOR-SESSION-A: reject negative quantities here.');
    expect(new Set(repliesInStore(turnA.threads).all.map((r) => r.thread))).toEqual(new Set(prepared.reviewIds));
  });
});

describe('the control: the same session B with the round for any session is handed it', () => {
  const BODIES = ['FOR-ANY-SESSION: reject negative quantities here.', 'FOR-ANY-SESSION: should `sum` be integer cents?'];
  let prepared;
  let turnB;

  beforeAll(async () => {
    prepared = await prepareAgent(claude, { repo: REPO, dir: path.join(RUN_DIR, 'sessions-any'), paths, review: { bodies: BODIES } });
    turnB = await runTurn(prepared, { run: withSession(randomUUID()), name: 'session-b' });
  }, 5 * 60_000);
  afterAll(() => prepared?.close());

  it('the round is for any session', () => {
    const [round] = prepared.workspace.store.readStore(prepared.ws).store.reviews;
    expect(round).toMatchObject({ round: 1 });
    expect(round.forSession).toBeUndefined();
  });

  it('session B is handed the review at its stop: what the addressed case denies it', () => {
    expect(turnB.code, story(turnB)).toBe(0);
    expect(summarize(turnB.requests).stop.deliveries, story(turnB)).toBe(1);
    expect(everythingSent(turnB)).toContain('FOR-ANY-SESSION: reject negative quantities here.');
    expect(new Set(repliesInStore(turnB.threads).all.map((r) => r.thread))).toEqual(new Set(prepared.reviewIds));
  });
});
