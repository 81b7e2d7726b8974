/**
 * `consider-cli worktree list | bring-home <name> [--apply]` (issue 39, docs/worktrees.md): the
 * repository's worktrees as Consider sees them, and the threads of one brought home into this
 * checkout once its branch merged (or when the user asks). Worktrees are those git lists
 * (shared/workspace/worktrees.ts); re-anchoring is the store module's own
 * (shared/store/reconcile/bring-home.ts).
 */
import type { Comment, Homecoming, HomecomingPlan, HomecomingResult, Worktree } from '../shared';
import {
  ConsiderError, bringHome, isMergedIntoHead, listWorktrees, placeText, planBringHome, readStore, readingWorktree, selectWorktrees, summarize, worktreeName,
} from '../shared';
import type { Command, Ctx } from './command';
import { inert, location, oneLine, plural, writeJson, writeLean, writeOut } from './output';

export const worktree: Command = {
  name: 'worktree',
  summary: 'the repository\'s worktrees, and bringing one\'s threads home into this checkout',
  usage: 'consider-cli worktree list | worktree bring-home <name> [--apply] [--json]',
  options: { apply: { type: 'boolean' } },
  optionHelp: [
    ['list', 'each worktree git lists: its branch, folder, and open threads in its Consider store'],
    ['bring-home <name>', 'preview which open threads of that worktree (by branch or folder name) would come into this checkout\'s store, and where they would land: '
      + 're-anchored on this checkout\'s files (into another file when the code moved there); a thread whose code is not here is listed, never brought'],
    ['--apply', 'with bring-home: copy the threads that land into this checkout\'s store (the worktree keeps its own)'],
  ],
  examples: ['consider-cli worktree list', 'consider-cli worktree bring-home feature-login', 'consider-cli worktree bring-home feature-login --apply'],
  positionals: [1, 2, 'list or bring-home <name>'],
  async run(ctx) {
    const [action, name] = ctx.positionals;
    if (action === 'list') {
      if (name !== undefined) throw new ConsiderError('usage', `worktree list takes no name (got ${JSON.stringify(name)})`, 'run `consider-cli worktree list`');
      if (ctx.values.apply) throw new ConsiderError('usage', '--apply goes with bring-home', 'usage: consider-cli worktree bring-home <name> --apply');
      return listCommand(ctx);
    }
    if (action === 'bring-home') {
      if (name === undefined) throw new ConsiderError('usage', 'missing the worktree to bring threads home from', 'usage: consider-cli worktree bring-home <name> [--apply]');
      return bringHomeCommand(ctx, name, ctx.values.apply === true);
    }
    throw new ConsiderError('usage', `unknown worktree action ${JSON.stringify(action)}`, 'use list or bring-home');
  },
};

/** Open threads in a worktree's store, counted without re-anchoring (a count does not depend on where they are). */
function openCount(w: Worktree): number | undefined {
  if (w.missing || !w.hasStore) return undefined;
  return summarize(readStore(w.root).store).open;
}

function listCommand(ctx: Ctx): void {
  const rows = listWorktrees(ctx.root).map((w) => ({ w, open: openCount(w) }));
  if (ctx.json || ctx.lean) {
    const view = rows.map(({ w, open }) => ({
      branch: w.branch ?? null, folder: w.folder, head: w.head ?? null, current: w.current, store: w.hasStore, missing: w.missing, open: open ?? 0,
    }));
    return ctx.lean ? writeLean({ worktrees: view }) : writeJson({ worktrees: view });
  }
  writeOut(rows.map(({ w, open }) => {
    const what = w.missing ? 'folder gone' : open === undefined ? 'no Consider store' : plural(open, 'open thread');
    return `${w.current ? '*' : ' '} ${inert(worktreeName(w))}  ${inert(w.folder)}  (${what})`;
  }).join('\n'));
}

async function bringHomeCommand(ctx: Ctx, name: string, apply: boolean): Promise<void> {
  if (name.trim() === 'all') throw new ConsiderError('usage', 'bring-home takes one worktree, not all', 'name the worktree whose threads should come home');
  const from = selectWorktrees(listWorktrees(ctx.root), name)[0]!;
  if (from.current) throw new ConsiderError('usage', `${name} is this checkout`, 'run bring-home in the checkout the threads should come to, naming the worktree they are in');
  if (from.missing) throw new ConsiderError('not_found', `the folder of worktree ${worktreeName(from)} is gone (${from.folder}), and its store with it`, 'nothing can be brought from it');
  const source = { root: from.root, worktree: from.folder, ...(from.branch !== undefined ? { branch: from.branch } : {}) };
  const merged = from.branch !== undefined ? isMergedIntoHead(ctx.root, from.branch) : undefined;
  let plan: HomecomingPlan;
  let brought: HomecomingResult['brought'] | undefined;
  // Its store read first on its own, so that a store that does not read is named as that worktree's.
  if (from.hasStore) await readingWorktree(from, () => readStore(from.root));
  if (!from.hasStore) plan = { source, entries: [], resolvedLeft: 0 };
  else if (apply) ({ plan, brought } = await bringHome(ctx.root, source));
  else plan = planBringHome(ctx.root, source);
  if (ctx.json || ctx.lean) {
    const view = {
      worktree: { branch: from.branch ?? null, folder: from.folder, store: from.hasStore }, home: ctx.root, merged: merged ?? null, applied: apply,
      threads: plan.entries.map((e) => entryJson(e, brought)), resolvedLeft: plan.resolvedLeft,
    };
    return ctx.lean ? writeLean(view) : writeJson(view);
  }
  writeOut(planText(ctx.root, from, merged, plan, brought));
}

/** Where a landing thread goes: its file and lines here. */
const landingPlace = (e: Extract<Homecoming, { kind: 'lands' }>): string => placeText(e.outcome.file, e.outcome.anchor.startLine, e.outcome.anchor.endLine);

function entryJson(e: Homecoming, brought: HomecomingResult['brought'] | undefined): Record<string, unknown> {
  const t = e.thread;
  const base = { id: t.id, from: { file: t.file, startLine: t.anchor.startLine, endLine: t.anchor.endLine } };
  switch (e.kind) {
    case 'lands': {
      const here = brought?.get(t.id);
      // Applied, but another run brought it in between: it is home, under the id that run gave it.
      const outcome = brought === undefined ? 'lands' : here ? 'brought' : 'already-home';
      return {
        ...base, outcome,
        to: { file: e.outcome.file, startLine: e.outcome.anchor.startLine, endLine: e.outcome.anchor.endLine },
        ...(e.outcome.file !== t.file ? { movedAcrossFiles: true } : {}),
        ...(e.conflictsWith ? { conflictsWith: e.conflictsWith } : {}),
        ...(here ? { homeId: here.id } : {}),
      };
    }
    case 'not-arrived': return { ...base, outcome: 'not-arrived', reason: e.reason };
    case 'already-home': return { ...base, outcome: 'already-home', homeId: e.homeId };
    case 'stays': return { ...base, outcome: 'stays', reason: e.reason };
  }
}

/** The body's first line, except for a thread of a pending review: the agent does not see those (docs/agent-loop.md). */
const excerpt = (t: Comment): string => (t.pending ? '' : `  "${oneLine(t.body, 60)}"`);

function planText(home: string, from: Worktree, merged: boolean | undefined, plan: HomecomingPlan, brought: HomecomingResult['brought'] | undefined): string {
  const applied = brought !== undefined;
  const name = inert(worktreeName(from));
  const lines = [`${applied ? 'Brought home' : 'Bring home'} from worktree ${name} (${inert(from.folder)}) into ${inert(home)}${applied ? '' : ' (preview: nothing written)'}:`];
  if (merged === true) lines.push(`${name} is merged into this checkout's HEAD.`);
  else if (merged === false) lines.push(`${name} is not merged into this checkout's HEAD: only threads whose code is here anyway land.`);
  if (!from.hasStore) {
    lines.push('That worktree has no Consider store: there is nothing to bring home.');
    return lines.join('\n');
  }
  lines.push('');
  const tally = { lands: 0, brought: 0, notArrived: 0, already: 0, stays: 0 };
  for (const e of plan.entries) {
    const at = `[${inert(e.thread.id)}] ${location(e.thread)}`;
    switch (e.kind) {
      case 'lands': {
        const here = brought?.get(e.thread.id);
        const moved = (e.outcome.file !== e.thread.file ? ' (its code moved into another file)' : '')
          + (e.conflictsWith ? `; conflict: ${e.conflictsWith.map((id) => `[${inert(id)}]`).join(', ')} here ${e.conflictsWith.length > 1 ? 'are' : 'is'} about the same code` : '');
        if (applied && !here) {
          tally.already++;
          lines.push(`${at}: already here (brought meanwhile)${excerpt(e.thread)}`);
        } else if (here) {
          tally.brought++;
          lines.push(`${at} → ${inert(landingPlace(e))}${moved}, as [${inert(here.id)}]${excerpt(e.thread)}`);
        } else {
          tally.lands++;
          lines.push(`${at} → ${inert(landingPlace(e))}${moved}${excerpt(e.thread)}`);
        }
        break;
      }
      case 'not-arrived':
        tally.notArrived++;
        lines.push(`${at}: code did not arrive: listed, not brought (${oneLine(e.reason, 200)})${excerpt(e.thread)}`);
        break;
      case 'already-home':
        tally.already++;
        lines.push(`${at}: already here as [${inert(e.homeId)}]${excerpt(e.thread)}`);
        break;
      case 'stays':
        tally.stays++;
        lines.push(`${at}: not brought: ${oneLine(e.reason, 200)}${excerpt(e.thread)}`);
        break;
    }
  }
  if (plan.entries.length === 0) lines.push('No open threads there.');
  lines.push('');
  const counts = [
    applied ? `${plural(tally.brought, 'thread')} brought home` : `${plural(tally.lands, 'thread')} would come home`,
    ...(tally.notArrived ? [`${tally.notArrived} not brought (code did not arrive)`] : []),
    ...(tally.stays ? [`${tally.stays} not brought (see above)`] : []),
    ...(tally.already ? [`${tally.already} already here`] : []),
    ...(plan.resolvedLeft ? [`${plan.resolvedLeft} resolved left there`] : []),
  ];
  lines.push(`${counts.join(', ')}.${!applied && tally.lands > 0 ? ' Run again with --apply to bring them.' : ''}`);
  return lines.join('\n');
}
