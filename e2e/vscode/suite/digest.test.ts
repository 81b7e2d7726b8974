import assert from 'node:assert/strict';
import path from 'node:path';
import * as vscode from 'vscode';
import { deleteThread } from '../../../shared';
import { addByCli, cliOk, extension, folder, freshCopy } from './helpers';

// Issue 30: Consider: Copy Review Digest puts the review on the clipboard as one Markdown page,
// the very page `consider-cli digest` prints (the agent's view: no pending comments).
suite('review digest', () => {
  /** The page with its "made at" minute blanked: two runs a minute apart are the same page. */
  const sameMinute = (page: string) => page.replace(/ at \d{4}-\d\d-\d\d \d\d:\d\d UTC;/, ' at …;');

  test('Copy Review Digest puts the CLI\'s digest on the clipboard, without the pending review, and says so', async () => {
    const { root } = folder('alpha');
    // "0-": first of src/ in the page's order, whatever other tests left in this folder.
    const file = freshCopy(root, 'src/math.ts', 'src/0-digest.ts');
    const id = await addByCli(root, file, '5-7', 'DIGEST: is `multiply` safe?\n# not a heading', 'human');
    const pending = await vscode.commands.executeCommand<string>('consider.addComment', { uri: vscode.Uri.file(path.join(root, file)), startLine: 1, endLine: 1, body: 'DIGEST-PENDING: not sent yet', pending: true });
    try {
      await copiesTheAgentsPage(root, id);
    } finally {
      await deleteThread(root, pending, 'human'); // other tests share this folder's pending review
    }
  });

  async function copiesTheAgentsPage(root: string, id: string): Promise<void> {
    await vscode.env.clipboard.writeText('before');

    const copied = await vscode.commands.executeCommand<{ root: string; chars: number; pendingLeftOut: number }>('consider.copyReviewDigest', { root });
    const page = await vscode.env.clipboard.readText();
    assert.equal(copied.root, root);
    assert.equal(copied.chars, page.length);
    assert.ok(copied.pendingLeftOut >= 1, `pending left out: ${copied.pendingLeftOut}`);
    assert.match(page, /^# Review digest: `alpha`\n/);
    assert.ok(page.includes(`· \`${id}\``), `the thread is not in the page:\n${page.slice(0, 3000)}`);
    assert.ok(page.includes('```\nDIGEST: is `multiply` safe?\n# not a heading\n```'), 'the body is not fenced as it was written');
    assert.ok(!page.includes('DIGEST-PENDING'), 'a pending comment is in the page');
    assert.equal(sameMinute(page), sameMinute((await cliOk(root, 'digest')).stdout));
    const note = (await extension()).notifications().find((n) => n.message.startsWith('Consider: Copied the review digest'));
    assert.match(note?.message ?? '', /\([\d,]+ characters\).* of your pending review (is|are) not in it until you submit the review\.$/);
  }
});
