// A club night on one machine: three simulated boards, each refereed by its own `senryaku
// referee` with its own match store, publishing to one real Mosquitto, and a `senryaku hub`
// filing them all. The hub's store holds each match exactly as the board's own store does
// (compared through `matches export`), and an exported match re-imports identically.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hub } from '../../src/hub/hub.ts';
import { runMain } from '../cli/run-main.ts';
import { runHub } from '../../src/cli/commands/hub.ts';
import { skipWithout } from '../system-tools.ts';
import { aclFor, freePort, Mosquitto, until } from './mqtt-tools.ts';

const run = (...argv: string[]) => runMain(argv);

const quiet = { out: () => {}, err: () => {} };
const BOARDS = [
  { name: 'table-1', seed: '3', rules: 'senryaku' },
  { name: 'table-2', seed: '4', rules: 'surakarta' },
  { name: 'table-3', seed: '5', rules: 'senryaku' },
];

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  await import('../../src/cli/commands/matches.ts');
});

describe.skipIf(skipWithout('mosquitto_passwd', 'mosquitto mosquitto-clients', ['-h']))('the hub', () => {
  it("stores every board's matches as each board's own store holds them", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-hub-e2e-'));
    const port = await freePort();
    const broker = new Mosquitto(port, { referee: 'ref-pw', hub: 'hub-pw' }, aclFor('referee', []));
    await broker.start();
    const url = `mqtt://127.0.0.1:${port}`;
    const stop = new AbortController();
    let hub: Hub | undefined;
    const ready = new Promise<void>((resolve) => {
      void runHub(['--mqtt', url, '--db', join(dir, 'hub.db'), '--mqtt-user', 'hub', '--mqtt-password', 'hub-pw'], quiet, stop.signal, {
        onReady: (h) => {
          hub = h;
          resolve();
        },
      });
    });
    try {
      await ready;
      const matches: { name: string; db: string; matchId: string; verdicts: number }[] = [];
      for (const b of BOARDS) {
        const db = join(dir, `${b.name}.db`);
        const r = await run(
          'referee',
          '--sim',
          '--autoplay',
          '--rules',
          b.rules,
          '--seed',
          b.seed,
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
          '--db',
          db,
          '--mqtt',
          url,
          '--mqtt-user',
          'referee',
          '--mqtt-password',
          'ref-pw',
          '--board-name',
          b.name,
        );
        expect(r.code, r.err.join('\n')).toBe(0);
        const list = await run('matches', 'list', '--db', db, '--json');
        const [match] = list.out.map((l) => JSON.parse(l) as { matchId: string });
        const exported = await run('matches', 'export', match!.matchId, '--format', 'json', '--db', db);
        const { verdicts } = JSON.parse(exported.out.join('\n')) as { verdicts: unknown[] };
        expect(verdicts).toHaveLength(r.out.length); // the board's store has every verdict it printed
        matches.push({ name: b.name, db, matchId: match!.matchId, verdicts: verdicts.length });
      }
      const total = matches.reduce((n, m) => n + m.verdicts, 0);
      await until('the hub to store every verdict', () => (hub?.counters.stored ?? 0) >= total, 30_000).catch((e: Error) => {
        const hubStore = (
          hub as unknown as { store: { db: { prepare(q: string): { all(...a: unknown[]): { seq: number; type: string }[] } } } }
        ).store;
        const missing = matches.map((m) => {
          const have = new Set(
            hubStore.db
              .prepare('SELECT seq FROM verdicts WHERE match_id = ?')
              .all(m.matchId)
              .map((r) => r.seq),
          );
          return `${m.name}: ${Array.from({ length: m.verdicts }, (_, i) => i + 1)
            .filter((q) => !have.has(q))
            .join(',')}`;
        });
        throw new Error(`${e.message}: ${JSON.stringify(hub?.counters)} of ${total}; missing ${missing.join(' / ')}`);
      });
      expect(hub?.counters).toMatchObject({ stored: total, rejected: 0, waiting: 0 });
      expect([...(hub?.boards.keys() ?? [])].sort()).toEqual(BOARDS.map((b) => b.name));
      stop.abort();
      await new Promise((r) => setTimeout(r, 200)); // the hub closes its store

      for (const m of matches) {
        const own = await run('matches', 'export', m.matchId, '--format', 'json', '--db', m.db);
        const hubs = await run('matches', 'export', m.matchId, '--format', 'json', '--db', join(dir, 'hub.db'));
        expect(own.code, own.err.join('\n')).toBe(0);
        expect(hubs.out).toEqual(own.out);
      }
      // An autoplayed match exported, imported into a fresh store, exported again: the same bytes.
      const m = matches[1]!;
      const sgn = join(dir, 'match.sgn');
      expect((await run('matches', 'export', m.matchId, '--format', 'sgn', '--db', join(dir, 'hub.db'), '--out', sgn)).code).toBe(0);
      expect((await run('matches', 'import', sgn, '--db', join(dir, 'fresh.db'))).code).toBe(0);
      const again = await run('matches', 'export', m.matchId, '--format', 'sgn', '--db', join(dir, 'fresh.db'));
      const first = await run('matches', 'export', m.matchId, '--format', 'sgn', '--db', join(dir, 'hub.db'));
      expect(again.out).toEqual(first.out);
    } finally {
      stop.abort();
      await broker.stop();
    }
  });
});
