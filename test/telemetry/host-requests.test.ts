// The operator's requests that reach beyond one match, on `senryaku referee --stay` run as a
// process with its embedded broker and an operator from the settings file: a new match
// (refused while one is under way unless forced; another game's refused on this board), a
// calibration of the board in place, each starting a match of its own journal, with the
// board, the broker connection and the store kept across them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { openStore } from '../../src/store/index.ts';
import { skipWithout } from '../system-tools.ts';
import { expectValidPayloads, freePort, publishRequest, simSettingsFile, Sub, until } from './mqtt-tools.ts';

const DESK = ['desk', 'desk-pw'] as const;

interface Answer {
  readonly status: 'ok' | 'error';
  readonly transaction?: string;
  readonly data?: Record<string, unknown>;
  readonly error?: string;
  readonly code?: string;
  readonly field?: string;
  readonly max?: number;
}

describe.skipIf(skipWithout('mosquitto_pub', 'mosquitto-clients', ['--help']))('requests to a referee that stays', () => {
  it('starts new matches and calibrates the board on request, each match in its own journal', { timeout: 150_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-host-requests-'));
    const port = await freePort();
    const config = await simSettingsFile(
      dir,
      port,
      ['board: { sim: true, seed: 5 }'],
      [{ name: 'desk', role: 'operator', password: 'desk-pw' }],
    );
    const child = spawn(
      process.execPath,
      ['bin/senryaku.js', 'referee', '--config', config, '--autoplay', '--speed', '20', '--stay', '--json', '--players', 'Ann,Bo'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines: { type: string; game?: number; players?: Record<string, string> }[] = [];
    let stderr = '';
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const l of parts) if (l.startsWith('{')) lines.push(JSON.parse(l) as (typeof lines)[number]);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const sub = await new Sub(port, ['-u', 'desk', '-P', 'desk-pw']).start(40_000);
    const answers = (name: string): Answer[] => sub.on(`bridge/response/${name}`).map((m) => JSON.parse(m.payload) as Answer);
    const answer = async (name: string, transaction: string): Promise<Answer> =>
      until(`the answer to ${transaction}`, () => answers(name).find((a) => a.transaction === transaction), 60_000);
    const moves = (): number => lines.filter((l) => l.type === 'move').length;
    const started = (): number => lines.filter((l) => l.type === 'game-started').length;
    try {
      await until('three moves of the first match', () => moves() >= 3, 40_000);
      // Under way: a new match would leave it, and says how to mean it.
      await publishRequest(port, DESK, 'new_match', { transaction: 'n1', players: { A: 'Cy', B: 'Di' }, track: 2 });
      const refused = await answer('new_match', 'n1');
      expect(refused.status).toBe('error');
      expect(refused.error).toMatch(/is not over .*"force": true/);
      // Another game needs its own board.
      await publishRequest(port, DESK, 'new_match', { transaction: 'n2', ruleset: 'surakarta', force: true });
      expect((await answer('new_match', 'n2')).error).toMatch(/this board is a Senryaku board/);
      // A bad field is named.
      await publishRequest(port, DESK, 'new_match', { transaction: 'n3', track: 'long', force: true });
      expect((await answer('new_match', 'n3')).error).toMatch(/track/);
      // A field beyond its bound is named with its bound, and nothing of it reaches a match.
      await publishRequest(port, DESK, 'new_match', { transaction: 'n3b', players: { A: 'x'.repeat(200) }, force: true });
      expect(await answer('new_match', 'n3b')).toMatchObject({ status: 'error', code: 'TooLong', field: 'players.A', max: 64 });
      const firstMatch = JSON.parse(sub.on('match').at(-1)!.payload) as { matchId: string };

      const startedBefore = started();
      await publishRequest(port, DESK, 'new_match', { transaction: 'n4', players: { A: 'Cy', B: 'Di' }, track: 2, force: true });
      const made = await answer('new_match', 'n4');
      expect(made).toMatchObject({ status: 'ok', data: { ruleset: 'senryaku', players: { A: 'Cy', B: 'Di' } } });
      expect(made.data!.matchId).not.toBe(firstMatch.matchId);
      await until('the new match begins', () => started() > startedBefore && moves() > 0, 40_000);
      await until('the new match on its topic', () => sub.on('match').some((m) => m.payload.includes(String(made.data!.matchId))));

      const calFile = join(dir, 'cal', readdirSync(join(dir, 'cal'))[0]!);
      const calibratedAt = statSync(calFile).mtimeMs;
      const movesOfSecond = moves();
      await until('a move of the second match', () => moves() > movesOfSecond, 30_000);
      const beforeCalibration = started();
      await publishRequest(port, DESK, 'start_calibration', { transaction: 'c1', force: true });
      const calibrated = await answer('start_calibration', 'c1');
      expect(calibrated, calibrated.error).toMatchObject({ status: 'ok', data: { calibrated: true } });
      expect(statSync(calFile).mtimeMs).toBeGreaterThan(calibratedAt);
      await until('a match after the calibration', () => started() > beforeCalibration, 40_000);
    } finally {
      child.kill('SIGINT');
      void exited.then(() => sub.stop()); // mosquitto_sub ends with the referee, whatever the test found
    }
    expect(await exited).toBe(0);
    expect(stderr).toContain('Calibrating');

    // Three matches, each in its own journal and in the store; the second with the request's players and track.
    const journals = readdirSync(join(dir, 'journal')).sort();
    expect(journals).toHaveLength(3);
    const headers = journals.map((f) => {
      const read = readJournal(join(dir, 'journal', f));
      if (!read.ok) throw new Error(read.error.message);
      return read.value.header;
    });
    expect(headers.map((h) => h.settings.players)).toEqual([
      { A: 'Ann', B: 'Bo' },
      { A: 'Cy', B: 'Di' },
      { A: 'Cy', B: 'Di' },
    ]);
    expect(headers[1]!.settings).toMatchObject({ match: { trackLength: 2 } });
    const store = openStore(join(dir, 'm.db'));
    if (!store.ok) throw new Error(store.error.message);
    expect(
      store.value
        .list()
        .map((m) => m.matchId)
        .sort(),
    ).toEqual(headers.map((h) => h.matchId).sort());
    store.value.close();
    expectValidPayloads(sub.messages.filter((m) => !m.topic.includes('/request/')));
    expect(sub.messages.filter((m) => !m.topic.includes('/request/') && m.payload.includes('xxxxxxxx'))).toEqual([]);
  });
});
