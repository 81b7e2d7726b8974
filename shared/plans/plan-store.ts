/**
 * Plans on disk (model.ts has the layout): submitting a plan or a new version of one, the
 * developer's verdict, and who waits for it. The CLI submits and waits; the extension shows
 * and decides. Threads on a plan are ordinary threads on its review document, so a new
 * version is written over that document and re-anchored with the same content anchoring as
 * code: a thread whose step was rewritten goes stale, one whose step is unchanged follows it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConsiderError } from '../errors';
import { considerPaths, ensureConsiderDir } from '../paths';
import { groupDigits } from '../text';
import { isProcessAlive, randomHex, writeFileAtomic } from '../store/atomic-write';
import { reconcileWorkspace } from '../store/reconcile/pass';
import { PLANS_REL, PLAN_ID_PATTERN, isPlanDocumentName } from '../plan-document';
import { readDataJson } from '../data-file';
import type { PlanRecord, PlanVerdict, PlanVersionState, PlanWaiter, VerdictKind } from './model';

/** A plan is for a person to read: anything larger is not a plan (and would slow every view of it). */
export const MAX_PLAN_BYTES = 1024 * 1024;

export function plansDir(root: string): string {
  return path.join(considerPaths(root).dir, 'plans');
}

/** The files of one plan (model.ts). */
export function planFiles(root: string, id: string) {
  const dir = path.join(plansDir(root), id);
  const versions = path.join(dir, 'versions');
  return {
    dir,
    record: path.join(dir, 'plan.json'),
    waiting: path.join(dir, 'waiting.json'),
    versions,
    version: (n: number) => path.join(versions, `v${n}.md`),
    verdict: (n: number) => path.join(versions, `v${n}.verdict.json`),
    delivered: (n: number) => path.join(versions, `v${n}.delivered`),
  };
}

/** The review document's workspace-relative path (where its threads are). */
export function planDocumentRel(plan: Pick<PlanRecord, 'id' | 'document'>): string {
  return `${PLANS_REL}/${plan.id}/${plan.document}`;
}

export function planDocumentPath(root: string, plan: Pick<PlanRecord, 'id' | 'document'>): string {
  // Records are checked as they are read (validRecord); this is the last line before a write.
  if (!isPlanDocumentName(plan.document)) throw new ConsiderError('unreadable', `plan ${plan.id} names ${JSON.stringify(plan.document)} as its document, which is not a plan document's name`, 'submit the plan again as a new plan');
  return path.join(planFiles(root, plan.id).dir, plan.document);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const megabytes = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The plan's text, or the one-line usage error that says what is wrong with it: empty, larger
 * than MAX_PLAN_BYTES, binary, or not UTF-8. `what` names it in the message (`plan.md`, `stdin`).
 */
export function checkPlanText(bytes: Uint8Array, what = 'the plan'): string {
  checkPlanSize(bytes.length, what);
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8000)).includes(0)) {
    throw new ConsiderError('usage', `${what} is binary, not text`, 'submit the plan as Markdown text');
  }
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ConsiderError('usage', `${what} is not UTF-8 text`, 'submit the plan as UTF-8 Markdown text');
  }
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new ConsiderError('usage', `${what} is empty`, 'write the plan first, then submit it');
  return text;
}

/**
 * Who submits a plan, as VS Code shows it (`--agent`): `claude`, `Claude Code`, `my-bot 2`. Letters
 * (any script), digits, spaces and `. _ - + ( ) /`, 1 to 40 of them; anything else is refused in
 * one line (it was dropped silently: issue 40), so no control character or markup reaches the
 * editor's CodeLens.
 */
export function checkAgentName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!/^[\p{L}\p{N} ._+()/-]{1,40}$/u.test(name)) {
    throw new ConsiderError('usage', `--agent must be a name of 1 to 40 letters, digits, spaces or . _ - + ( ) / (got ${JSON.stringify(raw.slice(0, 60))})`, 'for instance --agent claude or --agent "Claude Code"');
  }
  return name;
}

/** Refuses a plan of more than MAX_PLAN_BYTES (before it is read, for a file). */
export function checkPlanSize(size: number, what = 'the plan'): void {
  if (size <= MAX_PLAN_BYTES) return;
  throw new ConsiderError('usage', `${what} is ${megabytes(size)}; a plan may be at most ${groupDigits(MAX_PLAN_BYTES / 1024)} KB`,
    'a plan is for the developer to read: keep it to the steps, and put long material in files it names');
}

// eslint-disable-next-line no-control-regex -- a title is one line of text: controls become spaces
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The plan's title: its first heading, else its first line, cut at 120 characters. */
export function planTitle(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  const heading = lines.find((l) => /^#{1,6}\s+\S/.test(l));
  const title = (heading ?? lines[0] ?? 'Plan').replace(/^#{1,6}\s+/, '').replace(CONTROL_CHARACTERS, ' ').trim();
  return title.length > 120 ? `${title.slice(0, 119)}…` : title || 'Plan';
}

/** `add-session-auth`: the review document's name (isPlanDocument's pattern). */
export function planSlug(title: string): string {
  const slug = title.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48).replace(/-+$/, '');
  return slug || 'plan';
}

/** A plan's JSON file, read as data (no link followed, a regular file, size-capped: shared/data-file.ts). */
function readJson<T extends object>(file: string): T | undefined {
  return readDataJson<T>(file);
}

function validRecord(r: PlanRecord | undefined, id: string): r is PlanRecord {
  return !!r && r.id === id && typeof r.title === 'string' && isPlanDocumentName(r.document) && Array.isArray(r.versions) && r.versions.length > 0
    && r.versions.every((v, i) => v && v.version === i + 1 && typeof v.submittedAt === 'string');
}

/** A plan's record; not_found when there is no such plan, unreadable when its record is broken. */
export function readPlan(root: string, id: string): PlanRecord {
  const wanted = id.trim();
  if (!PLAN_ID_PATTERN.test(wanted)) {
    throw new ConsiderError('usage', `${JSON.stringify(id)} is not a plan id (they look like p_k3j9x0ab)`, 'run `consider-cli plan status` to see the plans');
  }
  const file = planFiles(root, wanted).record;
  if (!fs.existsSync(file)) throw new ConsiderError('not_found', `no plan ${wanted}`, 'run `consider-cli plan status` to see the plans');
  const record = readJson<PlanRecord>(file);
  if (!validRecord(record, wanted)) throw new ConsiderError('unreadable', `${file} is not a plan record Consider can read`, 'submit the plan again as a new plan');
  return record;
}

/** Every readable plan of the workspace, newest first. */
export function listPlans(root: string): PlanRecord[] {
  let names: string[];
  try {
    names = fs.readdirSync(plansDir(root));
  } catch {
    return [];
  }
  const plans: PlanRecord[] = [];
  for (const name of names) {
    if (!PLAN_ID_PATTERN.test(name)) continue;
    const r = readJson<PlanRecord>(planFiles(root, name).record);
    if (validRecord(r, name)) plans.push(r);
  }
  return plans.sort((a, b) => latestVersion(b).submittedAt.localeCompare(latestVersion(a).submittedAt));
}

export function latestVersion(plan: PlanRecord): PlanRecord['versions'][number] {
  return plan.versions[plan.versions.length - 1]!;
}

export function readVerdict(root: string, id: string, version: number): PlanVerdict | undefined {
  const v = readJson<PlanVerdict>(planFiles(root, id).verdict(version));
  return v && v.version === version && (v.verdict === 'approved' || v.verdict === 'changes-requested') && Array.isArray(v.threadIds) ? v : undefined;
}

/** The process waiting for this plan's verdict, if one says it is (and, on this machine, is still running). */
export function readWaiter(root: string, id: string): PlanWaiter | undefined {
  const w = readJson<PlanWaiter>(planFiles(root, id).waiting);
  if (!w || typeof w.pid !== 'number' || typeof w.version !== 'number') return undefined;
  if (w.host === os.hostname() && !isProcessAlive(w.pid)) return undefined;
  return w;
}

/** Where the plan's current version stands. */
export function planState(root: string, plan: PlanRecord): PlanVersionState {
  const version = latestVersion(plan);
  const verdict = readVerdict(root, plan.id, version.version);
  const waiter = readWaiter(root, plan.id);
  return { plan, version, ...(verdict ? { verdict } : {}), ...(waiter && waiter.version === version.version ? { waiter } : {}) };
}

export interface SubmitPlan {
  text: string;
  /** A plan this one is a new version of (`--revises`). */
  revises?: string;
  agent?: string;
  session?: string;
}

/**
 * Stores a plan (a new one, or the next version of `revises`) and returns its record and the
 * version written. A new version replaces the review document's text and re-anchors its
 * threads right away, so VS Code opens it with every thread where it belongs (or stale).
 */
export async function submitPlan(root: string, input: SubmitPlan): Promise<{ plan: PlanRecord; version: number }> {
  ensureConsiderDir(root);
  const now = new Date().toISOString();
  if (input.revises !== undefined) return revise(root, readPlan(root, input.revises), input.text, now, input.agent);
  fs.mkdirSync(plansDir(root), { recursive: true });
  const title = planTitle(input.text);
  for (;;) {
    const id = `p_${randomBase36(8)}`;
    const files = planFiles(root, id);
    try {
      fs.mkdirSync(files.dir); // exclusive: two submitters never share an id
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    fs.mkdirSync(files.versions);
    const plan: PlanRecord = {
      id, title, document: `${planSlug(title)}.md`,
      ...(input.agent ? { agent: input.agent } : {}),
      ...(input.session ? { session: input.session } : {}),
      createdAt: now,
      versions: [{ version: 1, submittedAt: now }],
    };
    fs.writeFileSync(files.version(1), input.text, { flag: 'wx' });
    writeFileAtomic(planDocumentPath(root, plan), input.text, { syncDir: false });
    // Last: the record is what VS Code looks for; once it is there, everything it names is.
    writeFileAtomic(files.record, JSON.stringify(plan, null, 2) + '\n');
    return { plan, version: 1 };
  }
}

/**
 * A revision writes `vN.md`, then the document, then the record. One killed in between leaves a
 * `vN.md` the record never names: older than this, it is taken over instead of being "busy"
 * forever (a live revision takes milliseconds, a few seconds on a busy store).
 */
const ABANDONED_REVISION_MS = 60_000;

/** The next version of `plan`; `agent`, when given, is who submits it from now on. */
async function revise(root: string, plan: PlanRecord, text: string, now: string, agent?: string): Promise<{ plan: PlanRecord; version: number }> {
  const files = planFiles(root, plan.id);
  const next = latestVersion(plan).version + 1;
  claimVersionFile(files.version(next), text, plan.id, next);
  writeFileAtomic(planDocumentPath(root, plan), text, { syncDir: false });
  // The threads of the earlier version follow their steps, or go stale where a step was rewritten.
  // Best effort: a busy store only delays it to the next read, which re-anchors lazily anyway.
  await reconcileWorkspace(root, { files: [planDocumentRel(plan)] }).catch(() => undefined);
  const updated: PlanRecord = { ...plan, ...(agent ? { agent } : {}), versions: [...plan.versions, { version: next, submittedAt: now }] };
  writeFileAtomic(files.record, JSON.stringify(updated, null, 2) + '\n');
  return { plan: updated, version: next };
}

/** Writes `vN.md` exclusively; one left by a revision that died (ABANDONED_REVISION_MS) is replaced once. */
function claimVersionFile(file: string, text: string, id: string, version: number): void {
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (attempt === 0 && st && Date.now() - st.mtimeMs > ABANDONED_REVISION_MS) {
      fs.rmSync(file, { force: true }); // the record never named it: a revision that died before its end
      continue;
    }
    throw new ConsiderError('busy', `version ${version} of plan ${id} is being submitted by another process`, 'run `consider-cli plan status` and submit again');
  }
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
function randomBase36(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += BASE36[Math.floor(Math.random() * 36)];
  return out;
}

/**
 * The plan a hook's session should revise: the newest of that session whose current version
 * was sent back (changes requested) or never decided. An approved plan is done: the session's
 * next plan is a new one.
 */
export function sessionPlanToRevise(root: string, session: string): PlanRecord | undefined {
  for (const plan of listPlans(root)) {
    if (plan.session !== session) continue;
    const verdict = readVerdict(root, plan.id, latestVersion(plan).version);
    return verdict?.verdict === 'approved' ? undefined : plan;
  }
  return undefined;
}

/**
 * Records the developer's verdict on a version, once: written to a temp file and linked into
 * place, so it appears whole, and a second verdict on the same version (a double click, two
 * windows) fails with 'usage' instead of replacing the first.
 */
export function writeVerdict(root: string, id: string, verdict: { version: number; verdict: VerdictKind; message?: string; threadIds: string[] }): PlanVerdict {
  const files = planFiles(root, id);
  const record: PlanVerdict = {
    version: verdict.version, verdict: verdict.verdict, at: new Date().toISOString(),
    ...(verdict.message !== undefined && verdict.message.trim() !== '' ? { message: verdict.message } : {}),
    threadIds: verdict.threadIds,
  };
  const target = files.verdict(verdict.version);
  const temp = `${target}.tmp-${process.pid}-${randomHex(8)}`;
  fs.writeFileSync(temp, JSON.stringify(record, null, 2) + '\n', { flag: 'wx' });
  try {
    fs.linkSync(temp, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new ConsiderError('usage', `version ${verdict.version} of plan ${id} has a verdict already`);
    throw e;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return record;
}

/** Says that this process waits for `version`'s verdict until `untilMs` (VS Code shows it). */
export function markWaiting(root: string, id: string, version: number, untilMs: number): void {
  const waiter: PlanWaiter = { pid: process.pid, host: os.hostname(), version, since: new Date().toISOString(), until: new Date(untilMs).toISOString() };
  writeFileAtomic(planFiles(root, id).waiting, JSON.stringify(waiter) + '\n', { syncDir: false });
}

/** Takes this process's waiting mark away (another waiter's is left). Never throws: it runs on the way out. */
export function clearWaiting(root: string, id: string): void {
  try {
    const file = planFiles(root, id).waiting;
    const w = readJson<PlanWaiter>(file);
    if (w && w.pid === process.pid && w.host === os.hostname()) fs.rmSync(file, { force: true });
  } catch {
    /* the mark goes stale by itself: its pid is gone */
  }
}

/**
 * Claims the delivery of an approval's comments to the agent (a post hook), once: true for the
 * first caller only.
 */
export function claimDelivery(root: string, id: string, version: number): boolean {
  try {
    fs.writeFileSync(planFiles(root, id).delivered(version), new Date().toISOString() + '\n', { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}
