import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import { addByCli, folder, freshCopy, openInEditor, rendered, storedThread, waitFor } from './helpers';

// Issue 18: Consider's tools in VS Code's own agent mode (language-model tools), over the CLI the
// extension carries: registered through the API, and a reply through a tool shows inline.
suite('language-model tools', () => {
  test('the thirteen Consider tools are registered with their input schemas', async () => {
    const tools = await waitFor('consider tools registered', () => {
      const found = vscode.lm.tools.filter((t) => t.name.startsWith('consider_'));
      return found.length === 13 && found;
    });
    assert.deepEqual(tools.map((t) => t.name).sort(), ['add', 'context', 'digest', 'get', 'list', 'plan', 'plan_wait', 'reply', 'resolve', 'review', 'summary', 'unresolve', 'wait'].map((n) => `consider_${n}`));
    const reply = tools.find((t) => t.name === 'consider_reply')!;
    assert.deepEqual((reply.inputSchema as { required?: string[] }).required?.sort(), ['id', 'message']);
  });

  test('consider_reply answers a thread as the agent, with a disposition, and the reply shows inline', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/lm-tools.ts');
    const id = await addByCli(root, file, '7-9', 'LM-TOOLS: should greet() trim?', 'human');
    await openInEditor(root, file); // the tools act on the folder of the active editor
    const listed = await vscode.lm.invokeTool('consider_list', { input: { file }, toolInvocationToken: undefined });
    const listText = listed.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.ok(listText.includes(id), `consider_list did not list ${id}: ${listText.slice(0, 200)}`);
    await vscode.lm.invokeTool('consider_reply', { input: { id, message: 'LM-TOOLS: yes, it trims now.', disposition: 'addressed' }, toolInvocationToken: undefined });
    assert.deepEqual(storedThread(root, id).thread.at(-1), { ...storedThread(root, id).thread.at(-1), author: 'agent', body: 'LM-TOOLS: yes, it trims now.', disposition: 'addressed' });
    const shown = await waitFor('the reply inline', async () => {
      const t = await rendered(id);
      return t?.comments.some((c) => c.body.includes('LM-TOOLS: yes, it trims now.')) && t;
    });
    assert.match(shown.label, /Agent: addressed/);
    // consider_digest answers the Markdown page itself, not JSON.
    const digest = await vscode.lm.invokeTool('consider_digest', { input: {}, toolInvocationToken: undefined });
    const page = digest.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    assert.match(page, /^# Review digest: `alpha`\n/);
  });

  test('a cancelled consider_wait stops its consider-cli wait (it could run for an hour)', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/lm-wait.ts');
    // The agent's own question: nothing new on it until the developer answers, so the wait waits.
    const id = await addByCli(root, file, '2-3', 'LM-TOOLS: a question nobody answers', 'agent');
    await openInEditor(root, file);
    const waits = () => runningCommands().filter((args) => args.includes('wait') && args.includes(id));
    const cancel = new vscode.CancellationTokenSource();
    const answered = vscode.lm.invokeTool('consider_wait', { input: { id, timeoutSeconds: 3600 }, toolInvocationToken: undefined }, cancel.token);
    await waitFor('consider-cli wait runs', () => waits().length === 1);
    await new Promise((r) => setTimeout(r, 1_500)); // still waiting: the thread has no news
    assert.equal(waits().length, 1);
    cancel.cancel();
    await Promise.resolve(answered).catch(() => undefined);
    await waitFor('consider-cli wait has ended', () => waits().length === 0, 5_000);
  });
});

/** The command lines of the consider-cli processes running now (Linux /proc). */
function runningCommands(): string[][] {
  const found: string[][] = [];
  for (const pid of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (args.some((a) => a.endsWith('consider-cli.cjs')) && state.slice(state.lastIndexOf(')') + 2)[0] !== 'Z') found.push(args);
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}
