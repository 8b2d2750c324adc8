// `senryaku referee` files its match in the match store as it goes (--db FILE, else the
// default under XDG_DATA_HOME; --db off: none); a store that cannot be opened is said, and
// the match goes on in its journal.
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

let dir: string;
const referee = (...more: string[]) =>
  run(
    'referee',
    '--sim',
    '--autoplay',
    '--seed',
    '2',
    '--speed',
    'max',
    '--games',
    '1',
    '--json',
    '--scoreboard',
    'none',
    '--journal-dir',
    join(dir, 'journal'),
    '--calibration-dir',
    join(dir, 'cal'),
    ...more,
  );

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  await import('../../src/cli/commands/matches.ts');
  dir = mkdtempSync(join(tmpdir(), 'senryaku-referee-store-'));
});

describe('senryaku referee and the match store', () => {
  it('files the match as it is refereed; matches list shows it', { timeout: 60_000 }, async () => {
    const db = join(dir, 'm.db');
    const r = await referee('--db', db);
    expect(r.code, r.err.join('\n')).toBe(0);
    const list = await run('matches', 'list', '--db', db, '--json');
    expect(list.code, list.err.join('\n')).toBe(0);
    expect(list.out.map((l) => JSON.parse(l) as unknown)).toMatchObject([{ ruleset: 'senryaku', players: { A: 'A', B: 'B' } }]);
  });

  it('goes on without a store it cannot open, and says so', { timeout: 60_000 }, async () => {
    const notAFile = join(dir, 'a-directory.db');
    mkdirSync(notAFile);
    const r = await referee('--db', notAFile);
    expect(r.code).toBe(0);
    expect(r.err.join('\n')).toMatch(/no match store: .*the journal keeps the match/);
  });
});
