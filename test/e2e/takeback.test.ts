// Takeback on the simulated Senryaku board, through the whole stack: a move made by hand and
// put back by hand is taken back in casual play (the foul its first lift drew withdrawn), the
// journal replays it and a host restarted after it resumes with the game as it went back; the
// tournament policy lets that foul stand and refuses the takeback.
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { useE2E } from './harness.ts';

const e2e = useE2E();
const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

/** The journal at `path`, refereed again session by session from its raw lines. */
function replayed(path: string): { verdicts: Verdict[]; mismatch: unknown } {
  const journal = readJournal(path);
  if (!journal.ok) throw new Error(journal.error.message);
  const r = replayJournal(journal.value);
  if (!r.ok) throw new Error(r.error);
  return { verdicts: r.value.verdicts, mismatch: r.value.mismatch };
}

const step = (from: string, to: string) => act().lift(from, { afterMs: 300 }).place(to, { afterMs: 500 });

describe('end to end: takeback (Senryaku)', { timeout: 120_000 }, () => {
  it('casual: the move put back by hand is taken back, the foul of its lift withdrawn; the game goes on; the journal replays it', async () => {
    const s = await e2e.game();
    s.act(step('a1', 'a2'));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'a1-a2' });
    s.act(act().lift('a2', { afterMs: 800 }).place('a1', { afterMs: 600 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NotYourSphere', side: 'black', count: 1 });
    expect(await s.next('takeback')).toMatchObject({
      side: 'white',
      plies: 1,
      moves: [{ side: 'white', move: 'a1-a2' }],
      position: START,
      withdrawn: { side: 'black', code: 'NotYourSphere' },
    });
    expect(s.app.snapshot()).toMatchObject({ phase: 'play', turn: 'white', position: START, fouls: { white: 0, black: 0 } });
    s.act(step('b1', 'b2'));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'b1-b2' });
    const path = s.app.journalPath;
    await s.stop();
    const again = replayed(path);
    expect(again.mismatch).toBeUndefined();
    expect(again.verdicts).toEqual(s.verdicts);
  });

  it('tournament: the same hands are a foul that stands, the earlier position hears the refusal, and the board is restored', async () => {
    const s = await e2e.game(START, { policy: 'tournament' });
    s.act(step('a1', 'a2'));
    await s.next('move');
    s.act(act().lift('a2', { afterMs: 800 }).place('a1', { afterMs: 600 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NotYourSphere', side: 'black', count: 1 });
    expect(await s.next('notice')).toMatchObject({
      message: "takeback refused: tournament policy (white's a1-a2 stands: put the board back as it was)",
    });
    s.act(act().lift('a1', { afterMs: 800 }).place('a2', { afterMs: 600 }));
    expect(await s.next('restored')).toMatchObject({ side: 'black' });
    s.act(step('g6', 'g5'));
    expect(await s.next('move')).toMatchObject({ side: 'black', move: 'g6-g5' });
    expect(s.types()).not.toContain('takeback');
  });

  it('a host restarted after a takeback resumes the game as it went back, its earlier moves still there to take back', async () => {
    const { first, restart } = await e2e.restartable();
    first.act(step('a1', 'a2'));
    await first.next('move');
    first.act(step('g6', 'g5'));
    await first.next('move');
    first.act(act().lift('g5', { afterMs: 800 }).place('g6', { afterMs: 600 }));
    expect(await first.next('takeback')).toMatchObject({ side: 'black', moves: [{ move: 'g6-g5' }] });
    const path = first.app.journalPath;
    await first.stop(); // the host goes down

    const second = await restart(path);
    // White's lock on a2 is back in force with the position, Black to move.
    expect(await second.next('resync-done')).toMatchObject({ position: 'bbbBbbb/7/7/7/w6/1wwWwww b a2 -' });
    second.act(step('f6', 'f5'));
    expect(await second.next('move')).toMatchObject({ side: 'black', move: 'f6-f5' });
    second.act(act().lift('f5', { afterMs: 800 }).place('f6', { afterMs: 600 }));
    await second.next('takeback');
    // a1-a2 was made before the restart: the resumed referee still knows it.
    second.act(act().lift('a2', { afterMs: 800 }).place('a1', { afterMs: 600 }));
    expect(await second.next('takeback')).toMatchObject({ side: 'white', moves: [{ side: 'white', move: 'a1-a2' }], position: START });
    await second.stop();
    const again = replayed(path);
    expect(again.mismatch).toBeUndefined();
    expect(again.verdicts).toEqual([...first.verdicts, ...second.verdicts]);
  });
});
