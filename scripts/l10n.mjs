#!/usr/bin/env node
// Localisation (README, "Translating Consider"). English is the source; a translation is a file:
//   package.nls.<lang>.json           the manifest (commands, views, settings…: `%key%` in package.json)
//   l10n/bundle.l10n.<lang>.json      every other string: the extension's (vscode.l10n.t) and the
//                                     board webview's (shared/board/l10n.ts `l10n.t`; the host hands
//                                     the webview the bundle VS Code loaded for the extension)
// Commands:
//   node scripts/l10n.mjs manifest           move every user-visible literal left in package.json's
//                                            contributes (and its listing fields) into package.nls.json
//   node scripts/l10n.mjs export             write l10n/bundle.l10n.json from the code (@vscode/l10n-dev)
//   node scripts/l10n.mjs pseudo DIR         write the qps-ploc pseudo-locale of both into DIR (tests)
//   node scripts/l10n.mjs check              exit 1, one line per problem, when either is out of date
// Why @vscode/l10n-dev: it is VS Code's own extractor and pseudo-localiser (its `export` command),
// so the bundle has exactly the keys vscode.l10n.t looks up. Its API is used rather than the
// `l10n-dev export` command because the command only sees calls through an import of 'vscode' or
// '@vscode/l10n'; the webview's `l10n.t` (no dependency, shared/board/l10n.ts) is fed to the same
// analyser with its import named as '@vscode/l10n', so one bundle holds both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the code that may call l10n.t lives, relative to the repository. */
// shared/: the board's strings (shared/board/l10n.ts) and the store module's error sentences
// (shared/words.ts `l10n.t`, which records a template for the extension to translate).
export const SOURCE_DIRS = ['extension', 'shared', 'webview/src'];
export const BUNDLE = 'l10n/bundle.l10n.json';
export const PSEUDO_LOCALE = 'qps-ploc';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const writeJson = (file, value) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
};
const isKey = (s) => /^%[^%\s]+%$/.test(s);

/**
 * Every user-visible string field of the manifest: [path of the value, the key it gets]. The
 * language-model tools' modelDescription and input schemas are read by the model, not the user:
 * they stay English.
 */
export function visibleFields(pkg) {
  const out = [];
  const at = (obj, field, key) => {
    if (obj && typeof obj[field] === 'string') out.push({ obj, field, key });
  };
  const each = (obj, field, key) => {
    if (obj && Array.isArray(obj[field])) obj[field].forEach((_v, i) => at(obj[field], i, `${key}.${i}`));
  };
  at(pkg, 'displayName', 'displayName');
  at(pkg, 'description', 'description');
  const c = pkg.contributes ?? {};
  for (const cmd of c.commands ?? []) {
    at(cmd, 'title', `${cmd.command}.title`);
    at(cmd, 'shortTitle', `${cmd.command}.shortTitle`);
    at(cmd, 'category', 'category');
  }
  for (const s of c.submenus ?? []) at(s, 'label', `submenu.${s.id}.label`);
  for (const list of Object.values(c.viewsContainers ?? {})) for (const v of list) at(v, 'title', `viewContainer.${v.id}.title`);
  for (const list of Object.values(c.views ?? {})) {
    for (const v of list) {
      at(v, 'name', `view.${v.id}.name`);
      at(v, 'contextualTitle', `view.${v.id}.contextualTitle`);
    }
  }
  (c.viewsWelcome ?? []).forEach((w, i) => at(w, 'contents', `viewsWelcome.${w.view}.${i}`));
  for (const [i, conf] of [c.configuration ?? []].flat().entries()) {
    at(conf, 'title', i ? `configuration.${i}.title` : 'configuration.title');
    for (const [name, p] of Object.entries(conf.properties ?? {})) {
      for (const f of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage']) at(p, f, `${name}.${f}`);
      for (const f of ['enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels']) each(p, f, `${name}.${f}`);
    }
  }
  for (const t of c.languageModelTools ?? []) {
    at(t, 'displayName', `tool.${t.name}.displayName`);
    at(t, 'userDescription', `tool.${t.name}.userDescription`);
  }
  for (const w of c.walkthroughs ?? []) {
    at(w, 'title', `walkthrough.${w.id}.title`);
    at(w, 'description', `walkthrough.${w.id}.description`);
    for (const s of w.steps ?? []) {
      at(s, 'title', `walkthrough.${w.id}.${s.id}.title`);
      at(s, 'description', `walkthrough.${w.id}.${s.id}.description`);
      at(s.media, 'altText', `walkthrough.${w.id}.${s.id}.altText`);
    }
  }
  return out;
}

/** The manifest's problems: a visible literal left, a %key% package.nls.json lacks, a key nothing uses. */
export function manifestProblems(repo = root) {
  const pkg = readJson(path.join(repo, 'package.json'));
  const nls = readJson(path.join(repo, 'package.nls.json'));
  const problems = [];
  const used = new Set();
  for (const { obj, field, key } of visibleFields(pkg)) {
    const v = obj[field];
    if (!isKey(v)) problems.push(`package.json: ${key} is a literal (${JSON.stringify(v.slice(0, 40))}); run node scripts/l10n.mjs manifest`);
    else if (!(v.slice(1, -1) in nls)) problems.push(`package.json: ${v} is not in package.nls.json`);
    else used.add(v.slice(1, -1));
  }
  for (const k of Object.keys(nls)) if (!used.has(k)) problems.push(`package.nls.json: ${k} is used by nothing in package.json`);
  return problems;
}

/** package.json as VS Code shows it in English: every `%key%` replaced by package.nls.json's text. */
export function resolvedManifest(repo = root) {
  const nls = readJson(path.join(repo, 'package.nls.json'));
  return JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'), (_k, v) => (typeof v === 'string' && isKey(v) && v.slice(1, -1) in nls ? nls[v.slice(1, -1)] : v));
}

/** Moves the visible literals into package.nls.json (keeps what is there; a rerun after a new contribution adds its keys). */
function manifest() {
  const file = path.join(root, 'package.json');
  const nlsFile = path.join(root, 'package.nls.json');
  const pkg = readJson(file);
  const nls = fs.existsSync(nlsFile) ? readJson(nlsFile) : {};
  let moved = 0;
  for (const { obj, field, key } of visibleFields(pkg)) {
    if (isKey(obj[field])) continue;
    if (key in nls && nls[key] !== obj[field]) throw new Error(`package.nls.json: ${key} already says ${JSON.stringify(nls[key])}, not ${JSON.stringify(obj[field])}`);
    nls[key] = obj[field];
    obj[field] = `%${key}%`;
    moved++;
  }
  writeJson(file, pkg);
  writeJson(nlsFile, nls);
  console.log(`package.json: ${moved} strings moved into package.nls.json (${Object.keys(nls).length} keys)`);
}

/** The files l10n.t may be called in. */
function sourceFiles(repo) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  for (const d of SOURCE_DIRS) walk(path.join(repo, d));
  return out.sort();
}

/** The bundle the code asks for, as @vscode/l10n-dev extracts it, keys sorted. */
export async function extractBundle(repo = root) {
  const { getL10nJson } = await import('@vscode/l10n-dev');
  const files = sourceFiles(repo).map((f) => ({
    extension: path.extname(f),
    // The board's own l10n (shared/board/l10n.ts) and the store module's words (shared/words.ts)
    // are called as @vscode/l10n's is: say so to the analyser.
    contents: fs.readFileSync(f, 'utf8').replace(/^import \{[^}]*\bl10n\b[^}]*\} from '(?:(?:[./]*shared\/board\/|\.\/)l10n|(?:\.\.?\/)+words)';$/m, "import * as l10n from '@vscode/l10n';"),
  }));
  const bundle = await getL10nJson(files);
  return Object.fromEntries(Object.keys(bundle).sort().map((k) => [k, bundle[k]]));
}

async function exportBundle() {
  const bundle = await extractBundle();
  writeJson(path.join(root, BUNDLE), bundle);
  console.log(`${BUNDLE}: ${Object.keys(bundle).length} strings`);
}

/** The problems `check` reports: the manifest's, and a bundle that is not what the code asks for. */
export async function l10nProblems(repo = root) {
  const problems = manifestProblems(repo);
  const want = JSON.stringify(await extractBundle(repo));
  const file = path.join(repo, BUNDLE);
  const have = fs.existsSync(file) ? JSON.stringify(readJson(file)) : '';
  if (want !== have) problems.push(`${BUNDLE} is out of date; run node scripts/l10n.mjs export`);
  return problems;
}

/** Writes package.nls.qps-ploc.json and bundle.l10n.qps-ploc.json (every string accented and bracketed) into dir. */
export async function writePseudo(dir, repo = root) {
  const { getL10nPseudoLocalized } = await import('@vscode/l10n-dev');
  const nls = getL10nPseudoLocalized(readJson(path.join(repo, 'package.nls.json')));
  const bundle = getL10nPseudoLocalized(readJson(path.join(repo, BUNDLE)));
  writeJson(path.join(dir, `package.nls.${PSEUDO_LOCALE}.json`), nls);
  writeJson(path.join(dir, `bundle.l10n.${PSEUDO_LOCALE}.json`), bundle);
  return { nls, bundle };
}

/** The command line (no top-level await: tests load this module with require()). */
async function main() {
  const [cmd, arg] = process.argv.slice(2);
  if (cmd === 'manifest') manifest();
  else if (cmd === 'export') await exportBundle();
  else if (cmd === 'pseudo' && arg) {
    await writePseudo(path.resolve(arg));
    console.log(`${arg}: ${PSEUDO_LOCALE} files written`);
  } else if (cmd === 'check') {
    const problems = await l10nProblems();
    for (const p of problems) console.error(p);
    process.exit(problems.length ? 1 : 0);
  } else {
    console.error('usage: node scripts/l10n.mjs manifest | export | pseudo DIR | check');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`l10n: ${e.message}`);
    process.exit(1);
  });
}
