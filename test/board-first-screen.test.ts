/**
 * The board's first screen (shared/board/firstScreen.ts): the host builds it and writes
 * it into the panel's HTML as markup (BoardSession.firstScreen, previewHtml.ts, html.ts); the
 * boot script keeps it, or draws one from the first snapshot. Over the REAL
 * store on a temp workspace: the host's screen is the one the webview would build from the
 * snapshot, under the same UI state, and the page takes it only when it fits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FolderStoreState } from '../extension/api';
import { buildBoardHtml, inlineStylesheet } from '../extension/board/html';
import { BoardSession } from '../extension/board/session';
import { PROTOCOL_VERSION, titleOf, type FolderSnapshot, type HostMessage, type ThreadView } from '../shared/board/protocol';
import * as store from '../shared';
import { HOST_SCREEN_HEIGHT, firstScreen, usablePagePreview } from '../shared/board/firstScreen';
import { previewHtml } from '../shared/board/previewHtml';
import { buildList, filterRows, projectRows, rowKey, rowOrder, type Row } from '../shared/board/projection';
import { GROUP_HEIGHT, ROW_HEIGHT } from '../shared/board/listLayout';
import { initialUiState, type UiState } from '../shared/board/uiState';
import { testBoardServices } from './helpers/board-services';

let root: string;
let folders: FolderStoreState[];
let ids: string[];
/** Agent-written text with what HTML must escape. */
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
      expect(usablePagePreview(fromHost, ui)).toBe(true);
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
    const shownOnly = folders.map((f) => ({ root: f.root, name: f.name, hasStore: true, threads: screen.items.flatMap((it) => (it.thread ? [it.thread] : [])) }));
    const part = firstScreen(shownOnly, { showResolved: true, showStale: true }, { ...ui, scrollTop: 100 }, 120)!;
    expect(part.items.map((it) => it.y)).toEqual([80, 130, 180, 210]);
  });

  it('the page keeps the one in its HTML only if it fits: not for another UI state, not when already shown', () => {
    const screen = openSession().session.firstScreen(undefined)!;
    const ui = initialUiState(undefined, 'board');
    const page = { token: screen.token, basis: screen.basis };
    expect(usablePagePreview(page, ui)).toBe(true);
    expect(usablePagePreview(page, { ...ui, sort: 'activity' })).toBe(false);
    expect(usablePagePreview(page, { ...ui, filters: { unseen: true } })).toBe(false);
    expect(usablePagePreview(page, { ...ui, shownFirstScreen: screen.token })).toBe(false); // the same HTML, reloaded
    expect(usablePagePreview(page, { ...ui, view: 'triage' })).toBe(false);
    expect(usablePagePreview({ ...page, token: '' }, ui)).toBe(false); // drawn by the page itself, from a snapshot
    expect(usablePagePreview({ basis: page.basis }, ui)).toBe(false);
    expect(usablePagePreview(undefined, ui)).toBe(false);
  });

  it('is none for other views, an unreadable store, or a board with nothing to list', () => {
    const { session } = openSession();
    expect(new BoardSession(testBoardServices({ home: root, folders: () => folders }), () => {}, 'setup').firstScreen(undefined)).toBeUndefined();
    expect(session.firstScreen({ __v: 1, view: 'board', filters: { workflow: 'resolved' }, sort: 'file', scrollTop: 0 })).toBeUndefined();
    folders = [{ root, name: 'ws', error: { code: 'corrupt', message: 'store.json is not valid JSON' } }];
    expect(openSession().session.firstScreen(undefined)).toBeUndefined();
  });

  it('is written into the HTML as markup that agent-written text cannot break out of, and that the CSP allows', () => {
    const screen = openSession().session.firstScreen(undefined)!;
    const html = buildBoardHtml({ cspSource: 'https://res.example', nonce: 'N0nce', scriptUri: 'https://res.example/index.js', styles: '.app{}', view: 'board', firstScreen: screen });
    const markup = /<div id="root"[^>]*>([\s\S]*)<\/div>\n<script/.exec(html)![1]!;
    const title = titleOf(bodyOf(1));
    expect(title).toMatch(/".*<img.*&/);
    expect(screen.items.find((it) => it.thread)!.thread!.title).toBe(title);
    expect(markup).toContain(`<div class="row-title">${title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</div>`);
    expect(markup).not.toMatch(/<img|onerror="/);
    expect(markup).toContain(`data-token="${screen.token}"`);
    expect(markup.match(/data-testid="preview-row"/g)).toHaveLength(screen.items.filter((it) => it.thread).length);
    // No style attributes (the CSP has no 'unsafe-inline'): the geometry is in the nonce'd <style>, a rule per class used.
    expect(markup).not.toMatch(/ style=/);
    // Void elements without an end tag (a `</br>` is read as a second line break).
    expect(markup).toContain('Select a thread to read it and reply.<br>');
    expect(markup).not.toContain('</br>');
    const style = /<style nonce="N0nce">([\s\S]*?)<\/style>/.exec(html)![1]!;
    const used = [...new Set([...markup.matchAll(/\b(pv\d+)\b/g)].map((m) => m[1]))];
    expect(used.length).toBeGreaterThan(screen.items.length);
    for (const cls of used) expect(style).toContain(`.${cls}{`);
    expect([...html.matchAll(/<script/g)]).toHaveLength(1); // still only the boot script
  });

  it('is scrolled in the HTML as the app will scroll the list, and uses the header height the app saved', () => {
    for (let i = 0; i < 3; i++) folders[0]!.store!.comments.push(...folders[0]!.store!.comments.map((c) => ({ ...c, id: `${c.id}${i}` })));
    const screen = openSession().session.firstScreen({ __v: 1, view: 'board', filters: {}, sort: 'file', scrollTop: 430, headerHeight: 97 })!;
    expect(screen).toMatchObject({ scrollTop: 430, headerHeight: 97 });
    expect(screen.items[0]!.y).toBeLessThanOrEqual(430);
    const { markup, css } = previewHtml(screen);
    const listClass = /class="thread-list (pv\d+)"/.exec(markup)![1]!;
    expect(css).toContain(`.${listClass}>*{transform:translateY(-430px)}`);
    const headerClass = /class="sticky-top (pv\d+)"/.exec(markup)![1]!;
    expect(css).toContain(`.${headerClass}{height:97px}`);
  });

  it('inlines the stylesheet with its font made absolute, and nothing in it can close the <style> early', () => {
    const css = inlineStylesheet('@font-face{src:url(./codicon.ttf?abc) format("truetype")}\n.a{background:url("./x.png")}\n.b{content:"</style><script>"}', 'https://res.example/assets/');
    expect(css).toContain('url("https://res.example/assets/codicon.ttf?abc")');
    expect(css).toContain('url("https://res.example/assets/x.png")');
    const html = buildBoardHtml({ cspSource: 'https://res.example', nonce: 'N0nce', scriptUri: 'https://res.example/index.js', styles: css, view: 'triage' });
    expect(html.match(/<\/style/gi)).toHaveLength(1);
    expect(html.replace(/<style[\s\S]*?<\/style>/, '').match(/<script/g)).toHaveLength(1); // the boot script
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

describe('the first screen of a large board', () => {
  /** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }
  /** Two folders of threads with clashing lines, times and states, in no particular order. */
  function largeBoard(seed: number, count: number): FolderSnapshot[] {
    const rnd = random(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const threads = (root: string): ThreadView[] => Array.from({ length: count }, (_, i) => ({
      id: `c_${root.slice(1)}${(i * 7919) % 10007}`, file: `src/${pick(['a', 'b', 'c', 'd', 'e', 'f', 'g'])}${Math.floor(rnd() * 9)}.ts`,
      startLine: 1 + Math.floor(rnd() * 40), endLine: 50, workflowState: pick(['open', 'open', 'resolved'] as const), anchorState: pick(['anchored', 'anchored', 'stale', 'orphaned'] as const),
      author: pick(['human', 'agent'] as const), title: `thread ${i}`, lastActivityAt: `2026-0${1 + Math.floor(rnd() * 3)}-1${Math.floor(rnd() * 9)}T00:00:00Z`,
      ...(rnd() < 0.3 ? { unseen: true as const } : {}),
    }));
    return [{ root: '/one', name: 'one', hasStore: true, threads: threads('/one') }, { root: '/two', name: 'two', hasStore: true, threads: threads('/two') }];
  }
  /**
   * The whole list laid out the plain way, as a reference: every group fully sorted, groups
   * ordered by their first row (then path), then cut to the window.
   */
  function fromWholeList(folders: FolderSnapshot[], ui: UiState, height: number): { y: number; id?: string; label?: string; count?: number; selected?: true }[] {
    const order = rowOrder(ui.sort);
    const byFile = new Map<string, Row[]>();
    for (const r of filterRows(projectRows(folders), ui.filters, { showResolved: true, showStale: true })) {
      const label = `${r.folderName}/${r.thread.file}`;
      byFile.set(label, [...(byFile.get(label) ?? []), r]);
    }
    const groups = [...byFile].map(([label, rows]) => ({ label, rows: [...rows].sort(order) }));
    groups.sort((a, b) => (ui.sort === 'file' ? 0 : order(a.rows[0]!, b.rows[0]!)) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    const out: { y: number; id?: string; label?: string; count?: number; selected?: true }[] = [];
    let y = 0;
    const visible = (h: number) => y + h > ui.scrollTop && y < ui.scrollTop + height;
    for (const g of groups) {
      if (visible(GROUP_HEIGHT)) out.push({ y, label: g.label, count: g.rows.length });
      y += GROUP_HEIGHT;
      for (const r of g.rows) {
        if (visible(ROW_HEIGHT)) out.push({ y, id: r.thread.id, ...(r.key === ui.selectedKey ? { selected: true as const } : {}) });
        y += ROW_HEIGHT;
      }
    }
    return out;
  }

  it('shows exactly the window of the whole list the app lays out, for every sort, filter and scroll position', () => {
    for (const seed of [1, 2, 3]) {
      const folders = largeBoard(seed, 400);
      const selectedKey = rowKey('/two', folders[1]!.threads[17]!.id);
      for (const sort of ['file', 'activity', 'state'] as const) {
        for (const filters of [{}, { workflow: 'open' as const }, { anchor: 'stale' as const, author: 'agent' as const }]) {
          for (const scrollTop of [0, 35, 1234, 20_000, 60_000]) {
            const ui: UiState = { ...initialUiState(undefined, 'board'), sort, filters, scrollTop, selectedKey };
            const screen = firstScreen(folders, { showResolved: true, showStale: true }, ui, 700);
            const expected = fromWholeList(folders, ui, 700);
            const got = (screen?.items ?? []).map((it) => (it.group
              ? { y: it.y, label: it.group.label, count: it.group.count }
              : { y: it.y, id: it.thread!.id, ...(it.selected ? { selected: true as const } : {}) }));
            expect(got, `seed ${seed}, ${sort}, ${JSON.stringify(filters)}, scrolled to ${scrollTop}`).toEqual(expected);
            if (screen) expect(screen.height).toBe(buildList(filterRows(projectRows(folders), filters, { showResolved: true, showStale: true }), sort, true).reduce((h, it) => h + (it.kind === 'group' ? GROUP_HEIGHT : ROW_HEIGHT), 0));
          }
        }
      }
    }
  });
});
