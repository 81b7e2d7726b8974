import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, addByCli, cliOk, extension, folder, freshCopy, waitFor } from './helpers';

// Issue 27: Consider: Report Issue hands the issue reporter (in VS Code for the web: GitHub's
// new-issue page, whose URL the browser opens) a body with the facts a maintainer needs and none
// of the user's text. What it handed over is read back through the test API.
suite('report issue', () => {
  test('Report Issue fills in versions, platform and store health, and no comment text', async () => {
    const { root } = folder('alpha');
    const file = freshCopy(root, 'src/greeting.ts', 'src/report-issue.ts');
    const id = await addByCli(root, file, '2-3', 'REPORT-SECRET-BODY: the greeting is rude');
    await cliOk(root, 'reply', id, '--message', 'REPORT-SECRET-REPLY: made it polite', '--addressed');
    const api = await extension();
    await waitFor('the reply rendered', () => api.threads().find((t) => t.id === id && t.comments.length === 2));
    await vscode.env.clipboard.writeText('before');

    await vscode.commands.executeCommand('consider.reportIssue');

    const report = api.lastIssueReport();
    assert.ok(report, 'Report Issue handed nothing over');
    const version = String(vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.version);
    assert.equal(report.extensionId, EXTENSION_ID);
    // code-server is VS Code for the web without the experimental web reporter: the new-issue page,
    // which VS Code asks before opening; the test driver refuses every dialog, so here it falls back
    // to the clipboard (the UI scenario walkthrough.scenario.mjs opens the page for real).
    assert.ok(vscode.env.uiKind === vscode.UIKind.Web ? ['browser', 'clipboard'].includes(report.via) : report.via === 'reporter', report.via);
    const body = report.issueBody;
    assert.ok(body.includes(`Consider: ${EXTENSION_ID} ${version}`), body);
    assert.ok(body.includes(`- Editor: ${vscode.env.appName} ${vscode.version}`), body);
    assert.match(body, /- OS: \S+ \S+ (x64|arm64)/);
    assert.ok(body.includes(`- Workspace folders: ${vscode.workspace.workspaceFolders?.length}`), body); // another suite may add one
    assert.match(body, /- Store: readable, format version 1, [\d.]+ (B|KiB)/);
    assert.match(body, /- Threads: \d+ threads: \d+ open, \d+ resolved;/);
    // The log's own lines (its last 28: the activation line is long gone after the suites before this one).
    assert.match(body, /\n\d{4}-\d\d-\d\dT[\d:.]+Z \[info\] \S/);
    for (const secret of ['REPORT-SECRET', 'report-issue.ts', 'greeting', root]) assert.ok(!body.includes(secret), `the body holds "${secret}":\n${body}`);
    if (report.via !== 'reporter') assert.equal(await vscode.env.clipboard.readText(), body);
    if (report.via === 'clipboard') await waitFor('the clipboard notice', () => api.notifications().find((n) => n.message.includes('copied the report')));
  });
});
