/**
 * The board's first screen (webview/src/preview/firstScreen.ts): the host builds it into the
 * panel's HTML (BoardSession.firstScreen, html.ts) and the boot script draws it. Over the REAL
 * store on a temp workspace: the host's screen is the one the webview would build from the
 * snapshot, under the same UI state, and the page takes it only when it fits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import { buildBoardHtml } from '../extension/board/html';
import { BoardSession } from '../extension/board/session';
import { PROTOCOL_VERSION, titleOf, type HostMessage } from '../shared/protocol';
import * as store from '../shared/store';
import { HOST_SCREEN_HEIGHT, firstScreen, usableFirstScreen, type FirstScreen } from '../webview/src/preview/firstScreen';
import { rowKey } from '../webview/src/state/projection';
import { initialUiState, type UiState } from '../webview/src/state/uiState';
import { testBoardServices } from './helpers/board-services';

let root: string;
let folders: FolderStoreState[];
let ids: string[];
/** Agent-written text with what an HTML attribute must escape. */
const bodyOf = (i: number): string => `thread ${i}: "quoted" <img src=x onerror="alert(1)"> & more`;

function read(): void {
  const r = store.readStore(root);
  folders = [{ root, name: 'ws', ...(r.exists ? { store: r.store } : {}) }];
}

/** A host session as BoardPanel makes one, and what it posts. */
function openSession(): { session: BoardSession; posted: HostMessage[] } {
  const posted: HostMessage[] = [];
  const session = new BoardSession(testBoardServices({ home: root, folders: () => folders, refresh: read }), (m) => posted.push(m));
  return { session, posted };
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'consider-first-screen-'));
  ids = [];
  for (const [i, file] of ['b.ts', 'a.ts', 'c.ts', 'a.ts', 'b.ts', 'a.ts'].entries()) {
    fs.writeFileSync(path.join(root, file), 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n');
    const t = await store.addThread(root, { file, startLine: 1 + i, endLine: 1 + i, body: bodyOf(i), author: i % 2 ? 'agent' : 'human' });
    ids.push(t.id);
  }
  read();
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The attribute's text as a browser reads it (html.ts escapes & " < >). */
function firstScreenAttribute(html: string): string | undefined {
  const m = /data-first-screen="([^"]*)"/.exec(html);
  return m?.[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('the first screen', () => {
  it("the host's is the one the webview builds from the first snapshot, for a new panel and for a restored one", async () => {
    const saved: Partial<UiState> = { __v: 1, view: 'board', filters: { author: 'human' }, sort: 'state', selectedKey: rowKey(root, ids[2]!), scrollTop: 0 };
    for (const state of [undefined, saved]) {
      const { session, posted } = openSession();
      const fromHost = session.firstScreen(state)!;
      await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
      const snapshot = posted.find((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot')!;
      const ui = initialUiState(state, 'board'); // what the page starts from: getState() is the restored state
      const fromSnapshot = firstScreen(snapshot.folders, snapshot.visibility, ui, HOST_SCREEN_HEIGHT)!;
      expect({ ...fromHost, token: '' }).toEqual(fromSnapshot);
      expect(fromHost.token).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(fromHost.items.filter((it) => it.thread).length).toBe(state ? 3 : 6);
      expect(usableFirstScreen(JSON.stringify(fromHost), ui)).toEqual(fromHost);
      session.dispose();
    }
  });

  it('puts rows in file order with group headers, and only those within the height asked for', () => {
    const ui = initialUiState(undefined, 'board');
    const snap = openSession().session;
    const screen = snap.firstScreen(undefined)!;
    expect(screen.items.map((it) => it.group?.label ?? it.thread!.id)).toEqual(['a.ts', ids[1], ids[3], ids[5], 'b.ts', ids[0], ids[4], 'c.ts', ids[2]]);
    expect(screen.summary).toMatchObject({ total: 6, open: 6, files: 3 });
    expect(screen.height).toBe(3 * 30 + 6 * 50);
    // Scrolled down by 100 px, 120 px high: the items that overlap [100, 220).
    const part = firstScreen(folders.map((f) => ({ root: f.root, name: f.name, hasStore: true, threads: screen.items.flatMap((it) => (it.thread ? [it.thread] : [])) })), { showResolved: true, showStale: true }, { ...ui, scrollTop: 100 }, 120)!;
    expect(part.items.map((it) => it.y)).toEqual([80, 130, 180, 210]);
  });

  it('the page refuses one that does not fit: another UI state, already shown, or malformed', () => {
    const screen = openSession().session.firstScreen(undefined)!;
    const ui = initialUiState(undefined, 'board');
    const raw = JSON.stringify(screen);
    expect(usableFirstScreen(raw, ui)).toBeDefined();
    expect(usableFirstScreen(raw, { ...ui, sort: 'activity' })).toBeUndefined();
    expect(usableFirstScreen(raw, { ...ui, filters: { unseen: true } })).toBeUndefined();
    expect(usableFirstScreen(raw, { ...ui, shownFirstScreen: screen.token })).toBeUndefined(); // the same HTML, reloaded
    expect(usableFirstScreen(raw, { ...ui, view: 'triage' })).toBeUndefined();
    expect(usableFirstScreen(undefined, ui)).toBeUndefined();
    expect(usableFirstScreen('{"token":', ui)).toBeUndefined();
    const broken = (change: (s: { -readonly [K in keyof FirstScreen]: unknown }) => void) => {
      const copy = JSON.parse(raw) as { -readonly [K in keyof FirstScreen]: unknown };
      change(copy);
      return usableFirstScreen(JSON.stringify(copy), ui);
    };
    expect(broken(() => {})).toBeDefined();
    expect(broken((s) => { s.token = ''; })).toBeUndefined();
    expect(broken((s) => { s.summary = { ...(s.summary as object), stale: -1 }; })).toBeUndefined();
    expect(broken((s) => { (s.items as { thread?: { title: unknown } }[])[1]!.thread!.title = 7; })).toBeUndefined();
    expect(broken((s) => { (s.items as { y: unknown }[])[0]!.y = '0'; })).toBeUndefined();
    expect(broken((s) => { s.items = [{ y: 0 }]; })).toBeUndefined();
  });

  it('is none for other views, an unreadable store, or a board with nothing to list', () => {
    const { session } = openSession();
    expect(new BoardSession(testBoardServices({ home: root, folders: () => folders }), () => {}, 'setup').firstScreen(undefined)).toBeUndefined();
    expect(session.firstScreen({ __v: 1, view: 'board', filters: { workflow: 'resolved' }, sort: 'file', scrollTop: 0 })).toBeUndefined();
    folders = [{ root, name: 'ws', error: { code: 'corrupt', message: 'store.json is not valid JSON' } }];
    expect(openSession().session.firstScreen(undefined)).toBeUndefined();
  });

  it('travels in the HTML as an attribute that agent-written text cannot break out of', () => {
    const screen = openSession().session.firstScreen(undefined)!;
    const html = buildBoardHtml({ cspSource: 'https://res.example', nonce: 'N0nce', scriptUri: 'https://res.example/index.js', styleUri: 'https://res.example/index.css', view: 'board', firstScreen: screen });
    const attribute = /data-first-screen="([^"]*)"/.exec(html)![1]!;
    expect(attribute).not.toMatch(/[<>"]/);
    expect(JSON.parse(firstScreenAttribute(html)!)).toEqual(screen);
    expect(screen.items.find((it) => it.thread)!.thread!.title).toBe(titleOf(bodyOf(1)));
    expect(titleOf(bodyOf(1))).toMatch(/".*<img.*&/);
    expect([...html.matchAll(/<script/g)]).toHaveLength(1); // still only the boot script
  });

  it('shares its summaries with the first snapshot: built once, still current', async () => {
    const { session, posted } = openSession();
    session.firstScreen(undefined);
    // Edited in place (the extension never does: a store is replaced when read again), only to
    // show that the first snapshot is the one summarised for the first screen.
    folders[0]!.store!.comments[0]!.body = 'edited after the first screen was made';
    session.prepareFirstSnapshot();
    await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
    const snapshot = posted.find((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot')!;
    expect(snapshot.folders[0]!.threads[0]!.title).toBe(titleOf(bodyOf(0)));
  });

  it('titles only the rows in view before the HTML; the snapshot that follows has every title', async () => {
    for (const prepare of [true, false]) { // `ready` after the snapshot was serialised, or before
      for (let i = 6; i < 60; i++) await store.addThread(root, { file: 'c.ts', startLine: 1 + (i % 7), endLine: 1 + (i % 7), body: bodyOf(i), author: 'human' });
      read();
      const { session, posted } = openSession();
      const screen = session.firstScreen(undefined)!;
      const inView = screen.items.filter((it) => it.thread).map((it) => it.thread!);
      expect(inView.length).toBeLessThan(folders[0]!.store!.comments.length);
      for (const t of inView) expect(t.title).toBe(titleOf(folders[0]!.store!.comments.find((c) => c.id === t.id)!.body));
      if (prepare) session.prepareFirstSnapshot();
      await session.receive({ type: 'webview/ready', protocolVersion: PROTOCOL_VERSION });
      const snapshot = posted.find((m): m is Extract<HostMessage, { type: 'host/snapshot' }> => m.type === 'host/snapshot')!;
      expect(snapshot.folders[0]!.threads.map((t) => t.title)).toEqual(folders[0]!.store!.comments.map((c) => titleOf(c.body)));
      session.dispose();
    }
  });

  it('with a text filter saved, matches on every title, not only those in view', () => {
    const { session } = openSession();
    const screen = session.firstScreen({ __v: 1, view: 'board', filters: { text: 'thread 4:' }, sort: 'file', scrollTop: 0 })!;
    expect(screen.items.filter((it) => it.thread).map((it) => it.thread!.id)).toEqual([ids[4]]);
  });
});
