// Consider: Report Issue's body (extension/report/issue-body.ts): the facts a maintainer needs are
// there, and nothing the user wrote is — built from a real store made by the real CLI, a real
// setup in a temp workspace, and the real error a damaged store raises.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentFactsOf, buildIssueBody, scrubLogLine, threadCounts, REPORT_LOG_LINES, type IssueFacts } from '../extension/report/issue-body';
import { LogRing } from '../extension/report/recorded-log';
import { describeSetup, runSetup } from '../setup/index';
import { ConsiderError, STORE_VERSION, parseStoreText, readStore, writeLive } from '../shared';
import { runCli } from './helpers/cli';
import { ensureBuilt, RUNTIME_DIR, SKILLS_DIR, sandbox, PACKAGE_VERSION, type Sandbox } from './helpers/setup-env';

beforeAll(ensureBuilt);

let sb: Sandbox;
afterEach(() => sb?.cleanup());

// Every piece of user text gets a marker no fact could contain by chance.
const CODE = 'const SECRET_CODE_LINE = computeTotals(cart);';
const BODY = 'SECRET_BODY: why does this call computeTotals twice?';
const REPLY = 'SECRET_REPLY: fixed, it is memoised now';
const SECOND = 'SECRET_TITLE_LINE\nwith more SECRET_BODY_TWO';
const MARKERS = /SECRET_|computeTotals|memoised|secret\.ts/;

function cli(...args: string[]) {
  const r = runCli(sb.root, args);
  expect(r.stderr, r.stderr).toBe('');
  return r;
}

async function workspaceWithThreads() {
  sb = sandbox();
  fs.mkdirSync(`${sb.root}/src`);
  fs.writeFileSync(`${sb.root}/src/secret.ts`, `${CODE}\nexport {};\nconst other = 1;\n`);
  await runSetup({ root: sb.root, home: sb.home, gitignore: true, integrations: [{ target: 'claude', scope: 'project' }], hooks: [{ target: 'claude', scope: 'project' }], runtimeDir: RUNTIME_DIR, skillsDir: SKILLS_DIR });
  const first = cli('add', 'src/secret.ts', '--lines', '1-1', '--message', BODY, '--author', 'human', '--json').json().id as string;
  cli('reply', first, '--message', REPLY, '--addressed');
  const second = cli('add', 'src/secret.ts', '--lines', '3-3', '--message', SECOND, '--author', 'human', '--json').json().id as string;
  cli('resolve', second);
  return { store: readStore(sb.root).store, setup: await describeSetup(sb.root, sb.home) };
}

function facts(over: Partial<IssueFacts> = {}): IssueFacts {
  return {
    extension: { id: 'consider-dev.consider', version: PACKAGE_VERSION },
    bundledCliVersion: PACKAGE_VERSION,
    supportedStoreVersion: STORE_VERSION,
    editor: { appName: 'Visual Studio Code', version: '1.139.1', uiKind: 'web', appHost: 'web', language: 'en' },
    platform: { os: 'Linux', release: '6.1.0', arch: 'x64', node: 'v22.0.0' },
    folders: [],
    log: [],
    ...over,
  };
}

describe('Report Issue body', () => {
  it('carries versions, platform, store health, thread counts and the agents set up', async () => {
    const { store, setup } = await workspaceWithThreads();
    const body = buildIssueBody(facts({
      userCliVersion: setup.userCli.version ?? 'none-found',
      folders: [{ index: 0, store: { exists: true, contents: store, sizeBytes: 2048, backupExists: true }, deployedCliVersion: setup.runtimeVersion!, agents: agentFactsOf(setup) }],
    }));
    expect(body).toContain(`consider-dev.consider ${PACKAGE_VERSION}`);
    expect(body).toContain(`CLI deployed in \`.consider/bin\`: ${PACKAGE_VERSION}`);
    expect(body).toContain(`Your copy of the CLI (used by hooks and MCP servers): ${setup.userCli.version ?? 'none-found'}`);
    expect(body).toContain(`Store format this extension writes: version ${STORE_VERSION}`);
    expect(body).toContain('Visual Studio Code 1.139.1');
    expect(body).toContain('OS: Linux 6.1.0 x64');
    expect(body).toContain(`Store: readable, format version ${STORE_VERSION}, 2.0 KiB`);
    expect(body).toContain('2 threads: 1 open, 1 resolved; 2 anchored, 0 stale, 0 orphaned; 0 in the pending review; 0 about removed code; 1 replies; 0 review rounds');
    expect(body).toContain('Agent skills: Claude Code (project)');
    expect(body).toContain('Delivery hooks: Claude Code (project)');
    expect(body).toMatch(/Agent steps still to do: \d+/);
    expect(threadCounts(store)).toMatchObject({ threads: 2, open: 1, resolved: 1, replies: 1 });
  });

  it('never carries a comment body, reply, code, file name or thread title, even when they are in the store and the log', async () => {
    const { store, setup } = await workspaceWithThreads();
    // The store as the user has it, full of their text: the test would be empty without it.
    expect(JSON.stringify(store)).toMatch(/SECRET_BODY.*SECRET_REPLY|SECRET_REPLY.*SECRET_BODY/s);
    expect(JSON.stringify(store)).toContain('SECRET_CODE_LINE');
    // The log as a damaged store fills it: the real parse error of a store holding user text.
    let parseError = '';
    try { parseStoreText(`{"version":1,"comments":[{"body":"${BODY}" "x"}]}`); } catch (e) { parseError = (e as ConsiderError).message; }
    const ring = new LogRing();
    ring.push('warn', `store of ws: ${parseError}`); // extension/store/folder-stores.ts
    ring.push('warn', `store of ws: JSON error, "{"body": "${BODY}", "file": "src/secret.ts"}" is not valid JSON`);
    ring.push('info', `board: something failed: \`${CODE}\``);
    ring.push('error', `cut excerpt "${REPLY}`);
    const body = buildIssueBody(facts({
      folders: [{ index: 0, store: { exists: true, contents: store, errorCode: 'unreadable', sizeBytes: 10, backupExists: false }, deployedCliVersion: setup.runtimeVersion!, agents: agentFactsOf(setup) }],
      log: ring.snapshot(),
      private: { folders: [{ root: sb.root, name: 'ws' }], home: sb.home },
    }));
    expect(body).not.toMatch(MARKERS);
    expect(body).not.toContain(sb.root); // no path of the user's project either
    expect(body).toContain('**unreadable** (unreadable), no backup');
    expect(body).toContain('[warn] store of <folder-1>: .consider/store.json is not valid JSON');
  });

  it('the log lines the extension writes keep no folder name, path or home folder: real errors, in the extension\'s own words', () => {
    sb = sandbox();
    const root = path.join(sb.dir, 'SECRET PROJECT acme-payroll'); // spaces: Node quotes the whole path
    fs.mkdirSync(path.join(root, '.consider'), { recursive: true });
    const name = path.basename(root);
    // Real failures of real calls, each naming the file it failed on.
    const failure = (f: () => unknown): string => { try { f(); return 'no error'; } catch (e) { return (e as Error).message; } };
    fs.writeFileSync(path.join(root, '.consider', 'plans'), 'a file where the plans folder goes');
    const heartbeat = failure(() => writeLive(root, 'w1', { gate: true, timeoutSeconds: 60 }));
    const missing = failure(() => fs.readFileSync(path.join(root, 'src', 'SECRET_FILE.ts')));
    const settings = failure(() => fs.readFileSync(path.join(sb.home, '.claude', 'SECRET_SETTINGS.json')));
    const elsewhere = failure(() => fs.readFileSync(path.join(sb.dir, 'Other SECRET folder', 'payroll notes.ts'))); // in no folder, not in home
    expect([heartbeat, missing, settings, elsewhere].every((m) => m.includes(sb.dir))).toBe(true); // the harness can tell: they do name paths
    const ring = new LogRing();
    // The formats of the extension's own log lines (the file that writes each).
    ring.push('info', `refreshed 3 file(s) in ${root} to ${PACKAGE_VERSION}`); // setup/lifecycle.ts
    ring.push('warn', `plan gate heartbeat in ${root}: ${heartbeat}`); // plans/plan-service.ts
    ring.push('warn', `re-anchoring c_abc123 failed: ${missing}`); // comments/editor-anchoring.ts
    ring.push('warn', `re-anchoring c_abc124 failed: ${elsewhere}`);
    ring.push('warn', `store of ${name}: ${missing}`); // store/folder-stores.ts
    ring.push('info', `changes of ${name} since round 2: 3 file(s) in 12 ms`); // changes/changes-model.ts
    ring.push('warn', `could not save the viewed state of ${name}: ${settings}`); // changes/changes-model.ts
    ring.push('info', `marked ${name} reviewed: 40 file(s) read, 2 unchanged, 31 ms`); // changes/index.ts
    const body = buildIssueBody(facts({ log: ring.snapshot(), private: { folders: [{ root, name }], home: sb.home } }));
    const log = body.split('```')[1]!;
    expect(log).not.toMatch(/SECRET|acme|payroll/);
    expect(log).not.toContain(sb.dir);
    expect(log).toContain(`refreshed 3 file(s) in <folder-1> to ${PACKAGE_VERSION}`);
    expect(log).toContain('changes of <folder-1> since round 2: 3 file(s) in 12 ms');
    expect(log).toMatch(/plan gate heartbeat in <folder-1>: .*<folder-1>\/\.consider\/plans/);
    expect(log).toMatch(/could not save the viewed state of <folder-1>: .*'~\/<path>'/);
    expect(log).toContain("re-anchoring c_abc124 failed: ENOENT: no such file or directory, open '<path>'");
    expect(log).toContain("store of <folder-1>: ENOENT: no such file or directory, open '<folder-1>/<path>'");
  });

  it('keeps only the last lines of the log, each bounded', () => {
    const ring = new LogRing(200);
    for (let i = 1; i <= 120; i++) ring.push('info', `line ${i}`);
    ring.push('info', 'x'.repeat(5000));
    const body = buildIssueBody(facts({ log: ring.snapshot() }));
    const logLines = body.split('```')[1]!.trim().split('\n');
    expect(logLines).toHaveLength(REPORT_LOG_LINES);
    expect(logLines[0]).toMatch(/line 92$/);
    expect(logLines.at(-1)!.length).toBeLessThanOrEqual(300);
    expect(new LogRing(3).snapshot()).toEqual([]);
  });

  it('scrubs quoted text and paths from log lines and keeps the rest', () => {
    expect(scrubLogLine('refresh /w/ws: "SECRET_X" failed at `SECRET_Y` here')).toBe('refresh <path>: "…" failed at `…` here');
    expect(scrubLogLine('store of ws: .consider/store.json is not valid JSON', { folders: [{ root: '/w/ws', name: 'ws' }] })).toBe('store of <folder-1>: .consider/store.json is not valid JSON');
    expect(scrubLogLine('Unexpected token \'S\', "{"a": "SECRET_Z"}" is not valid JSON')).toBe('Unexpected token \'S\', "…" is not valid JSON');
    expect(scrubLogLine('cut "SECRET_W and on')).toBe('cut "…"');
    expect(scrubLogLine('two\nlines')).toBe('two ⏎ lines');
  });

  it('says a folder without a store has none, and that agents could not be described', () => {
    const body = buildIssueBody(facts({ folders: [{ index: 0, store: { exists: false } }] }));
    expect(body).toContain('no store (`.consider/store.json` absent');
    expect(body).toContain('CLI deployed in `.consider/bin`: none');
    expect(body).toContain('Agents: could not be described');
  });
});

describe('parseStoreText', () => {
  it('names where JSON failed without quoting the store', () => {
    for (const text of [`{"version":1,"comments":[{"body":"${BODY}" x}]}`, `SECRET_ONLY ${BODY}`]) {
      const e = (() => { try { parseStoreText(text); } catch (err) { return err as ConsiderError; } })();
      expect(e?.code).toBe('unreadable');
      expect(e?.message).toMatch(/is not valid JSON/);
      expect(e?.message).not.toMatch(MARKERS);
    }
  });
});
