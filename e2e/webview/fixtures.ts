/**
 * Seeds a real workspace through the real store API: threads in every state a board shows —
 * open with an agent reply, unseen, resolved, agent-authored, stale (code rewritten), orphaned
 * (file deleted).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as store from '../../shared';

const APP = Array.from({ length: 30 }, (_, i) => `export const value${i + 1} = ${i + 1}; // line ${i + 1}`).join('\n') + '\n';
const UTIL = ['export function add(a: number, b: number) {', '  return a + b;', '}', '', 'export function legacy() {', '  return 0;', '}', 'export const LEGACY = true;', ''].join('\n');

export interface Seeded {
  root: string;
  ids: { replied: string; unseen: string; resolved: string; agentQuestion: string; stale: string; orphaned: string };
}

function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

export async function seedWorkspace(root: string): Promise<Seeded> {
  write(root, 'src/app.ts', APP);
  write(root, 'src/util.ts', UTIL);
  write(root, 'lib/old.ts', 'export const old = 1;\nexport const older = 2;\n');
  const add = (file: string, startLine: number, endLine: number, body: string, author: 'human' | 'agent' = 'human') =>
    store.addThread(root, { file, startLine, endLine, body, author });

  const replied = await add('src/app.ts', 3, 4, 'Rename `value3` to something that says what it **counts**.');
  await store.replyToThread(root, replied.id, { body: 'Renamed it to `retryCount` and updated both call sites.', author: 'agent' });
  const unseen = await add('src/app.ts', 10, 10, 'Why is this exported? Nothing outside the module uses it.');
  const resolved = await add('src/util.ts', 1, 3, 'Add a doc comment explaining overflow behaviour.');
  await store.setWorkflowState(root, resolved.id, 'resolved', 'human');
  const agentQuestion = await add('src/util.ts', 5, 7, 'Should I keep the `legacy()` path, or can it go?', 'agent');
  const stale = await add('src/app.ts', 20, 22, 'This block duplicates the parser logic; extract a helper.');
  const orphaned = await add('lib/old.ts', 1, 2, 'Is this file still needed?');

  // The agent rewrote lines 20–22 and deleted lib/old.ts: what reconciliation would flag.
  const lines = APP.split('\n');
  lines.splice(19, 3, 'export function parseAll(input: string) {', '  return input.split(",").map(Number);', '}');
  write(root, 'src/app.ts', ['// header added by the agent', '', ...lines].join('\n'));
  fs.rmSync(path.join(root, 'lib'), { recursive: true, force: true });
  await store.mutateStore(root, 'system', (s) => {
    const st = s.comments.find((c) => c.id === stale.id)!;
    st.anchorState = 'stale';
    st.anchor.reason = 'the commented lines were rewritten';
    const or = s.comments.find((c) => c.id === orphaned.id)!;
    or.anchorState = 'orphaned';
    or.anchor.reason = 'lib/old.ts was deleted';
    // Threads whose code moved by the inserted header: keep them honest for the reveal test.
    for (const c of s.comments) if (c.file === 'src/app.ts' && c.id !== stale.id) { c.anchor.startLine += 2; c.anchor.endLine += 2; }
  });
  return { root, ids: { replied: replied.id, unseen: unseen.id, resolved: resolved.id, agentQuestion: agentQuestion.id, stale: stale.id, orphaned: orphaned.id } };
}

export const XSS_BODY = [
  'Careful: <img src=x onerror="window.__xss = 1"> and <script>window.__xss = 2</script>',
  '',
  '[click me](javascript:window.__xss=3) and [run](command:workbench.action.terminal.new) and [docs](https://example.com/docs)',
  '',
  '<a href="javascript:window.__xss=4">raw link</a> <iframe src="javascript:window.__xss=5"></iframe>',
].join('\n');

export interface SeededReview extends Seeded {
  review: { addressed: string; checked: string; declined: string; question: string; pending1: string; pending2: string };
}

/**
 * The review loop on top of seedWorkspace (docs/agent-loop.md): an agent reply of each
 * disposition (one `addressed` thread the human has answered since, so it no longer awaits a
 * check), and two threads of a pending review, not sent to the agent yet.
 */
export async function seedReview(seeded: Seeded): Promise<SeededReview> {
  const { root } = seeded;
  const add = (file: string, line: number, body: string, pending = false) => store.addThread(root, { file, startLine: line, endLine: line, body, author: 'human', pending });
  const agent = (id: string, body: string, disposition: store.Disposition) => store.replyToThread(root, id, { body, author: 'agent', disposition });
  const addressed = await add('src/app.ts', 6, 'Validate the input before using it.');
  await agent(addressed.id, 'Added a range check and a test.', 'addressed');
  const checked = await add('src/app.ts', 8, 'Log the failure instead of swallowing it.');
  await agent(checked.id, 'It logs at warn level now.', 'addressed');
  await store.replyToThread(root, checked.id, { body: 'Make it error level, please.', author: 'human' });
  const declined = await add('src/util.ts', 8, 'Drop the LEGACY flag.');
  await agent(declined.id, 'Declined: two plugins still read it.', 'declined');
  const question = await add('src/app.ts', 14, 'Cache this value.');
  await agent(question.id, 'For how long should it stay cached?', 'question');
  const pending1 = await add('src/app.ts', 26, 'Name this constant after what it limits.', true);
  const pending2 = await add('src/util.ts', 2, 'Does this overflow on large inputs?', true);
  return { ...seeded, review: { addressed: addressed.id, checked: checked.id, declined: declined.id, question: question.id, pending1: pending1.id, pending2: pending2.id } };
}

/**
 * A thread whose code left its file and was found once in another one, in this folder without
 * git: offered there ("may have moved to src/normalize.ts:3-4"), not followed (issue 35).
 */
export async function seedOfferedMove(root: string): Promise<string> {
  const code = ['export function normalizeArguments(options: Options): Normalized {', '  const timeout = options.timeout ?? DEFAULT_TIMEOUT;',
    '  const retries = Math.max(0, options.retries ?? 2);', '  return { timeout, retries };', '}'];
  write(root, 'src/args.ts', ['// argument handling', ...code, ''].join('\n'));
  const c = await store.addThread(root, { file: 'src/args.ts', startLine: 3, endLine: 4, body: 'Why two retries by default?', author: 'human' });
  write(root, 'src/normalize.ts', ['// moved out of args.ts', '', ...code, ''].join('\n'));
  write(root, 'src/args.ts', '// argument handling\n');
  await store.reconcileWorkspace(root);
  return c.id;
}
