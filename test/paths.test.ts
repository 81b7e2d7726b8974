/**
 * The one containment test (shared/paths.ts isWithin) and the store's path form, on both
 * platforms: the Windows cases run through path.win32, whatever this machine is.
 * (extension/store/folder-stores.ts used `startsWith(root + '/')`: on Windows no file had a root.)
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { considerPaths, deepestRootOf, isConsiderStoredPath, isInConsiderDir, isWithin, toStoredPath } from '../shared/paths';

describe('isWithin', () => {
  it.each([
    ['/work/proj', '/work/proj', true],
    ['/work/proj', '/work/proj/src/a.ts', true],
    ['/work/proj/', '/work/proj/src/a.ts', true],
    ['/work/proj', '/work/project2/a.ts', false],
    ['/work/proj', '/work/a.ts', false],
    ['/work/proj', '/work/proj/..foo/a.ts', true], // a folder named "..foo" is inside
    ['/work/proj', '/work/proj/../proj2', false],
  ])('posix: %s holds %s → %s', (root, p, want) => expect(isWithin(root, p, path.posix)).toBe(want));

  it.each([
    ['C:\\work\\proj', 'C:\\work\\proj\\src\\a.ts', true],
    ['C:\\work\\proj', 'c:\\WORK\\Proj\\src\\a.ts', true], // drive letters and names compare without case
    ['C:\\work\\proj\\', 'C:\\work\\proj', true],
    ['C:\\work\\proj', 'C:\\work\\project2\\a.ts', false],
    ['C:\\work\\proj', 'D:\\work\\proj\\a.ts', false],
    ['\\\\server\\share\\proj', '\\\\server\\share\\proj\\a.ts', true],
  ])('win32: %s holds %s → %s', (root, p, want) => expect(isWithin(root, p, path.win32)).toBe(want));
});

describe('the store form of a path, and the root of a file', () => {
  it('uses forward slashes on both platforms', () => {
    expect(toStoredPath('C:\\work\\proj', 'C:\\work\\proj\\src\\auth\\login.ts', path.win32)).toBe('src/auth/login.ts');
    expect(toStoredPath('/work/proj', '/work/proj/src/auth/login.ts', path.posix)).toBe('src/auth/login.ts');
  });

  it('picks the deepest workspace folder that holds the file (multi-root, nested)', () => {
    const win = ['C:\\work\\proj', 'C:\\work\\proj\\packages\\ui', 'C:\\other'];
    expect(deepestRootOf(win, 'C:\\work\\proj\\packages\\ui\\src\\x.ts', path.win32)).toBe('C:\\work\\proj\\packages\\ui');
    expect(deepestRootOf(win, 'C:\\work\\proj\\README.md', path.win32)).toBe('C:\\work\\proj');
    expect(deepestRootOf(win, 'C:\\elsewhere\\a.ts', path.win32)).toBeUndefined();
    expect(deepestRootOf(['/a', '/a/b'], '/a/b/c.ts', path.posix)).toBe('/a/b');
  });
});

describe('Consider\'s own folder, named in one place (issue 29)', () => {
  it.each([
    ['.consider', true],
    ['.consider/store.json', true],
    ['.consider/snapshots/mm3-x.txt', true],
    ['.considerate/a.ts', false],
    ['src/.consider/a.ts', false], // a folder of that name further down is the project's
    ['.consider.ts', false],
  ])('the stored path %s is inside .consider/ → %s', (rel, want) => expect(isConsiderStoredPath(rel)).toBe(want));

  it.each([
    ['/work/proj', '/work/proj/.consider/store.json', path.posix, true],
    ['/work/proj', '/work/proj/src/.consider/x.ts', path.posix, false],
    ['/work/proj', '/work/other/.consider/store.json', path.posix, false],
    // The editor once asked `fsPath.includes('/.consider/')`, which no Windows path matches.
    ['C:\\work\\proj', 'C:\\work\\proj\\.consider\\store.json', path.win32, true],
    ['C:\\work\\proj', 'c:\\WORK\\proj\\.consider', path.win32, true],
    ['C:\\work\\proj', 'C:\\work\\proj\\src\\a.ts', path.win32, false],
  ])('%s: %s is in its .consider/ → %s', (root, p, api, want) => expect(isInConsiderDir(root, p, api)).toBe(want));

  it('considerPaths names every file the runtime keeps, the hook state included', () => {
    const paths = considerPaths('/w');
    expect(paths.hookState).toBe(path.join('/w', '.consider', 'hook-state.json'));
    for (const [name, p] of Object.entries(paths)) if (name !== 'root') expect(isInConsiderDir('/w', p), name).toBe(true);
  });
});
