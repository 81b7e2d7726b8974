/**
 * `.gitignore` rules, for listing a workspace that is not a git repository the way git would
 * (cross-file.ts looks for moved code only in files git would show). Pure. Follows
 * gitignore(5): `#` comments, `!` negation, a trailing `/` for folders only, a pattern with a
 * `/` in it (other than at its end) relative to its file's folder, else matched against the
 * name at any depth; `*`, `?`, `[…]` and `**`. The last matching rule wins; a folder left out
 * leaves out everything in it (the walk does not enter it).
 */

interface Rule {
  regex: RegExp;
  negated: boolean;
  dirOnly: boolean;
  /** Matched against the path relative to the rule's folder (else against the name alone). */
  anchored: boolean;
}

/** The rules of one `.gitignore`, for the folder `base` ('' = the workspace root, else 'a/b'). */
export interface IgnoreFile {
  base: string;
  rules: Rule[];
}

export function parseIgnoreFile(text: string, base: string): IgnoreFile {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    let negated = false;
    if (line.startsWith('!')) {
      negated = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1);
    }
    let dirOnly = false;
    if (line.endsWith('/')) {
      dirOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (line === '') continue;
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    rules.push({ regex: new RegExp(`^${globToRegex(line)}$`), negated, dirOnly, anchored });
  }
  return { base, rules };
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          i++;
          if (glob[i + 1] === '/') {
            i++;
            out += '(?:.*/)?'; // `**/`: any folders, or none
          } else {
            out += '.*'; // a trailing `**`: everything inside
          }
          continue;
        }
      }
      out += '[^/]*';
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) {
        out += '\\[';
        continue;
      }
      let set = glob.slice(i + 1, end);
      if (set.startsWith('!')) set = `^${set.slice(1)}`;
      out += `[${set.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else if (ch === '\\' && i + 1 < glob.length) {
      out += escapeRegex(glob[++i]!);
    } else {
      out += escapeRegex(ch);
    }
  }
  return out;
}

function escapeRegex(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

/** Whether `rel` (workspace-relative, '/'-separated) is ignored by these files, outermost first. */
export function isIgnored(files: readonly IgnoreFile[], rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const file of files) {
    if (file.base !== '' && !rel.startsWith(`${file.base}/`)) continue;
    const inside = file.base === '' ? rel : rel.slice(file.base.length + 1);
    const name = inside.slice(inside.lastIndexOf('/') + 1);
    for (const rule of file.rules) {
      if (rule.dirOnly && !isDir) continue;
      if (rule.regex.test(rule.anchored ? inside : name)) ignored = !rule.negated;
    }
  }
  return ignored;
}
