/** Loads the fixture triples of test/fixtures/reanchor (shared by reanchor and reconcile-pass tests). */
import fs from 'node:fs';
import path from 'node:path';

export interface Fixture {
  name: string;
  description: string;
  before: string;
  after: string | undefined;
  range: [number, number];
  expected: { anchorState: 'anchored' | 'stale' | 'orphaned'; startLine?: number; endLine?: number };
  withoutSnapshot?: Fixture['expected'];
}

const FIXTURES = path.join(__dirname, 'fixtures', 'reanchor');

export function loadFixtures(): Fixture[] {
  return fs.readdirSync(FIXTURES).sort().map((name) => {
    const dir = path.join(FIXTURES, name);
    const spec = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Omit<Fixture, 'name' | 'before' | 'after'>;
    const afterFile = path.join(dir, 'after.txt');
    return {
      ...spec,
      name,
      before: fs.readFileSync(path.join(dir, 'before.txt'), 'utf8'),
      after: fs.existsSync(afterFile) ? fs.readFileSync(afterFile, 'utf8') : undefined,
    };
  });
}
