// The operator attributes a holding otherwise in a live session: the verdicts on the bus, the
// operator record in the journal (its text form), replay to the same verdicts, and the match
// store rebuilt from the journal as the live verdicts file it.
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { rebuildFromJournals } from '../../src/app/match-store-service.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { simScript } from '../../src/hardware/sim/index.ts';
import { tempStore } from '../store/helpers.ts';
import { resumeSetup } from '../../src/journal/resume.ts';
import { HostControl } from '../../src/app/host-control.ts';
import { loadBoardFile } from '../../src/app/load-profile.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/app/open-board.ts';
import type { RefereeHost } from '../../src/app/referee-host.ts';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';
import { Session, simBoard, useE2E } from './harness.ts';

const senryakuFile = () => {
  const file = loadBoardFile(REFERENCE_PROFILE_PATH, SENRYAKU);
  if (!file.ok) throw new Error(file.error);
  return file.value;
};

const e2e = useE2E();

/** Stops the session; its journal read back, replayed, and rebuilt into a store. */
async function afterwards(s: Session) {
  await s.run(500);
  await s.stop();
  const read = readJournal(s.app.journalPath);
  if (!read.ok) throw new Error(read.error.message);
  const replayed = replayJournal(read.value);
  if (!replayed.ok) throw new Error(replayed.error);
  const store = tempStore();
  rebuildFromJournals(store, dirname(s.app.journalPath));
  return { journal: read.value, replayed: replayed.value, store };
}

describe('end to end: attributing a holding', { timeout: 60_000 }, () => {
  it("to the other side: the game is the other side's loss, and the journal replays to the same verdicts", async () => {
    const s = await e2e.game('bbbBbbb/7/7/7/7/wwwWwww w - -');
    void s.sim.holdBoard(400, { afterMs: 300, durationMs: 4000 });
    expect(await s.next('forfeit')).toMatchObject({ loser: 'white', reason: 'holding' });
    await s.next('game-over');
    await s.run(4000);
    s.app.operate({ kind: 'attribute', to: 'black' });
    expect(await s.next('attributed')).toMatchObject({ game: 1, to: 'black', score: { A: 0, B: 0 } });
    expect(await s.next('forfeit')).toMatchObject({ loser: 'black', reason: 'holding' });
    expect(await s.next('game-over')).toMatchObject({ game: 1, winner: 'white', winnerPlayer: 'A', score: { A: 1, B: 0 } });
    s.app.operate({ kind: 'attribute', to: 'black' });
    expect(await s.next('notice')).toMatchObject({ message: expect.stringMatching(/^attribution refused: black already forfeited/) });

    const { journal, replayed, store } = await afterwards(s);
    expect(journal.records.filter((r) => r.kind === 'operator').map((r) => r.kind === 'operator' && r.action)).toEqual([
      'attribute black',
      'attribute black',
    ]);
    expect(replayed.mismatch).toBeUndefined();
    expect(replayed.verdicts).toEqual(s.verdicts);
    const [match] = store.list();
    expect(store.verdicts(match!.matchId).map((v) => v.verdict)).toEqual(s.verdicts);
    expect(store.match(match!.matchId)?.games[0]).toMatchObject({ result: '1-0', termination: 'holding', score: { A: 1, B: 0 } });
    store.close();
  });

  it('to none: play goes on from the last legal position once the board is put back', async () => {
    const s = await e2e.game('bbbBbbb/7/7/7/7/wwwWwww w - -');
    void s.sim.holdBoard(400, { afterMs: 300, durationMs: 4000 });
    await s.next('game-over');
    await s.run(4000);
    s.act(simScript().lift('a1', { afterMs: 300 })); // someone starts clearing the board
    await s.run(1500);
    s.app.operate({ kind: 'attribute', to: 'none' });
    expect(await s.next('attributed')).toMatchObject({ game: 1, to: 'none' });
    expect(await s.next('resync-needed')).toMatchObject({ differences: [{ well: 'a1', expected: 'w', sensed: 'empty' }] });
    s.act(simScript().place('a1', { afterMs: 300, kind: 'w' }));
    await s.next('resync-done');
    s.act(simScript().lift('b1', { afterMs: 300 }).place('b2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'b1-b2' });

    const { replayed, store } = await afterwards(s);
    expect(replayed.mismatch).toBeUndefined();
    expect(replayed.verdicts).toEqual(s.verdicts);
    const [match] = store.list();
    expect(match?.result).toBeUndefined();
    expect(store.match(match!.matchId)?.games[0]).toMatchObject({ result: '*', score: { A: 0, B: 0 } });
    store.close();
  });

  it("through the operator's seam (MQTT requests, the dashboard, the terminal): what it did, or the referee's reason", async () => {
    const s = await e2e.game('bbbBbbb/7/7/7/7/wwwWwww w - -');
    const control = new HostControl({
      host: { current: s.app } as unknown as RefereeHost,
      game: SENRYAKU,
      file: senryakuFile(),
      options: {},
    });
    expect(await control.attributeInterference({ to: 'black' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^attribution refused: /) as string,
    });
    expect(await control.attributeInterference({})).toMatchObject({ ok: false, error: expect.stringMatching(/needs "to"/) as string });
    expect(await control.attributeInterference({ to: 'black', why: 'x' })).toMatchObject({ ok: false });
    void s.sim.holdBoard(400, { afterMs: 300, durationMs: 4000 });
    await s.next('game-over');
    await s.run(4000);
    expect(await control.attributeInterference({ to: 'mauve' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/mauve/) as string,
    });
    expect(await control.attributeInterference({ to: 'black' })).toEqual({
      ok: true,
      value: { game: 1, to: 'black', score: { A: 0, B: 0 }, winner: 'white', phase: 'game-over' },
    });
    await s.stop();
  });

  it('a match ended by a holding forfeit can be resumed for the operator to attribute it', async () => {
    const clock = e2e.startClock();
    const board = simBoard();
    e2e.defer(() => board.dispose());
    const settings = { match: { trackLength: 1, colours: 'alternate' as const } };
    const first = await Session.start({ calibration: e2e.calibration, clock, board, settings });
    await first.next('game-started');
    void board.sim.holdBoard(400, { afterMs: 300, durationMs: 4000 });
    expect(await first.next('match-over')).toMatchObject({ winner: 'B' });
    await first.run(4000);
    await first.stop();
    const journal = readJournal(first.app.journalPath);
    if (!journal.ok) throw new Error(journal.error.message);
    expect(resumeSetup(journal.value, SENRYAKU)).toEqual({ over: false, position: 'bbbBbbb/7/7/7/7/wwwWwww w - -' });

    const again = await Session.start({ calibration: e2e.calibration, clock, board, settings, resume: { path: first.app.journalPath } });
    e2e.defer(() => again.stop());
    await again.run(2000);
    again.app.operate({ kind: 'attribute', to: 'black' });
    expect(await again.next('attributed')).toMatchObject({ game: 1, to: 'black', score: { A: 0, B: 0 } });
    expect(await again.next('match-over')).toMatchObject({ winner: 'A', score: { A: 1, B: 0 } });
    expect(await again.app.finished).toBe('match-over');
  });
});
