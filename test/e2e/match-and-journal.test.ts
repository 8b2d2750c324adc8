// The match as a whole: a host restarted mid-game restores from its journal and resyncs;
// simulated players play a match to the end of the track; a replay of the journal gives
// the very verdicts the live run gave.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { Session, simBoard, useE2E } from './harness.ts';

const e2e = useE2E();

describe('end to end: journal, restart, match, replay', { timeout: 120_000 }, () => {
  it('a host restarted mid-game restores the match from its journal and says which wells differ until they match', async () => {
    const { clock, board, first, restart } = await e2e.restartable();
    first.act(act().lift('a1', { afterMs: 300 }).place('a2', { afterMs: 500 }));
    await first.next('move');
    first.act(act().lift('g6', { afterMs: 300 }).place('g5', { afterMs: 500 }));
    await first.next('move');
    const journalPath = first.app.journalPath;
    await first.stop(); // the host goes down

    // While it is down, someone knocks b1 onto b2.
    void board.sim.play(act().lift('b1', { afterMs: 100 }).place('b2', { afterMs: 300 }));
    await clock.tickAsync(1000);

    const second = await restart(journalPath);
    expect(await second.next('resync-needed')).toMatchObject({
      differences: [
        { well: 'b1', expected: 'w', sensed: 'empty' },
        { well: 'b2', expected: 'empty', sensed: 'sphere' },
      ],
    });
    second.act(act().lift('b2', { afterMs: 300 }).place('b1', { afterMs: 500 }));
    expect(await second.next('resync-done')).toMatchObject({ position: 'bbbBbb1/6b/7/7/w6/1wwWwww w a2 g5' });
    // Play goes on with the lock that was in force: a2 may not move, b1 may.
    second.act(act().lift('b1', { afterMs: 300 }).place('b2', { afterMs: 500 }));
    expect(await second.next('move')).toMatchObject({ side: 'white', move: 'b1-b2' });
    const after = readJournal(journalPath);
    expect(after.ok && after.value.sessions.map((x) => x.number)).toEqual([1, 2]);
    expect(after.ok && after.value.records.filter((r) => r.kind === 'session').map((r) => r.kind === 'session' && r.reason)).toEqual([
      'start',
      'resume',
    ]);
    // Replayed session by session, the resumed journal gives exactly what was announced live.
    const replayed = after.ok ? replayJournal(after.value) : undefined;
    expect(replayed?.ok && replayed.value.mismatch).toBeUndefined();
    expect(replayed?.ok && replayed.value.verdicts).toEqual([...first.verdicts, ...second.verdicts]);
  });

  it('simulated players play a match to the end of the track, and the replay gives identical verdicts', async () => {
    const clock = e2e.startClock();
    const { calibration } = e2e;
    const board = simBoard();
    e2e.defer(() => board.dispose());
    const s = await Session.start({
      calibration,
      clock,
      board,
      autoplaySeed: 11,
      settings: { match: { trackLength: 3, colours: 'alternate' } },
    });
    e2e.defer(() => s.stop());
    // A late joiner's snapshot, mid-game: the position of the last move, the link up.
    const third = await s.until('move', (v) => s.verdicts.filter((x) => x.type === 'move').indexOf(v) === 2);
    expect(s.app.snapshot()).toMatchObject({ ruleset: 'senryaku', game: 1, position: third.position, link: { state: 'ready' } });
    const over = await s.until('match-over', () => true, 30 * 60_000);
    expect(s.app.snapshot()).toMatchObject({ phase: 'match-over', score: { points: over.score }, winner: over.winner });
    expect(over.score.A === 3 || over.score.B === 3 || over.score.A > 3 || over.score.B > 3).toBe(true);
    const games = s.verdicts.filter((v) => v.type === 'game-over');
    expect(games.length).toBe(over.games);
    // colours alternate: A is White in odd games
    const starts = s.verdicts.filter((v) => v.type === 'game-started');
    starts.forEach((g) => g.type === 'game-started' && expect(g.players.white).toBe(g.game % 2 === 1 ? 'A' : 'B'));
    expect(s.verdicts.filter((v) => v.type === 'move').length).toBeGreaterThan(5);

    const journal = readJournal(s.app.journalPath);
    if (!journal.ok) throw new Error(journal.error.message);
    const replayed = replayJournal(journal.value);
    expect(replayed.ok && replayed.value.verdicts).toEqual(s.verdicts);
    expect(replayed.ok && replayed.value.mismatch).toBeUndefined();

    // A finished match cannot be resumed: said at once, before any board is opened.
    const err: string[] = [];
    const tmp = mkdtempSync(join(tmpdir(), 'senryaku-over-'));
    const code = await main(['referee', '--sim', '--resume', s.app.journalPath, '--calibration-dir', tmp], {
      out: () => {},
      err: (l) => err.push(l),
    });
    expect([code, err]).toEqual([2, [expect.stringMatching(/the match in .* is over: nothing to resume/)]]);
  });
});
