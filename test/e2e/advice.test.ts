// An engine's advice through the whole stack (RefereeApp.advise, as the app's computer and hint
// services feed it): the verdicts on the bus, the advice kept in the journal as referee inputs,
// replay to the same verdicts, and a host restarted on the journal resuming with the computer's
// move still pending and the hints counted.
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { useE2E } from './harness.ts';

const e2e = useE2E();
const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';
const step = (from: string, to: string) => act().lift(from, { afterMs: 300 }).place(to, { afterMs: 500 });

describe('end to end: advice (Senryaku)', { timeout: 120_000 }, () => {
  it('is journaled as referee inputs, replays to the same verdicts, and a resumed host keeps what it did', async () => {
    const { first, restart } = await e2e.restartable();
    expect(first.app.advise({ role: 'hint', move: 'a1-a2', position: START })).toMatchObject([{ type: 'hint', player: 'A', count: 1 }]);
    first.act(step('a1', 'a2'));
    const afterMove = await first.next('move');
    expect(first.app.advise({ role: 'hint', move: 'a1-a2', position: START })).toMatchObject([{ type: 'notice' }]);
    expect(first.app.advise({ role: 'computer', move: 'g6-g5', position: afterMove.position })).toMatchObject([
      { type: 'computer-move', side: 'black', move: 'g6-g5', position: afterMove.position },
    ]);
    expect(first.app.snapshot()).toMatchObject({ computerMove: { side: 'black', move: 'g6-g5' }, hints: { A: 1, B: 0 } });
    await first.run(500);
    const path = first.app.journalPath;
    await first.stop(); // the host goes down with the computer's move still to carry out

    const journal = readJournal(path);
    if (!journal.ok) throw new Error(journal.error.message);
    const advice = journal.value.records.flatMap((r) => (r.kind === 'input' && r.input.type === 'advice' ? [r.input] : []));
    expect(advice.map((a) => `${a.role} ${a.move}`)).toEqual(['hint a1-a2', 'hint a1-a2', 'computer g6-g5']);

    const second = await restart(path);
    await second.next('resync-done');
    expect(second.app.snapshot()).toMatchObject({ computerMove: { side: 'black', move: 'g6-g5' }, hints: { A: 1, B: 0 } });
    second.act(step('g6', 'g5'));
    expect(await second.next('move')).toMatchObject({ side: 'black', move: 'g6-g5' });
    expect(second.app.snapshot()?.computerMove).toBeUndefined();
    await second.stop();

    const whole = readJournal(path);
    if (!whole.ok) throw new Error(whole.error.message);
    const again = replayJournal(whole.value);
    if (!again.ok) throw new Error(again.error);
    expect(again.value.mismatch).toBeUndefined();
    expect(again.value.verdicts).toEqual([...first.verdicts, ...second.verdicts]);
  });
});
