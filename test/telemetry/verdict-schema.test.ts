// The MQTT verdict schema (schemas/mqtt/verdict.schema.json) takes what the referee says about an attributed holding.
import { describe, expect, it } from 'vitest';
import { payloadProblems } from '../support/mqtt-schemas.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';

const problems = (verdicts: readonly unknown[]) =>
  verdicts.flatMap((verdict, i) => payloadProblems('verdict', JSON.stringify({ matchId: 'm', seq: i + 1, verdict })));

describe('verdict schema: attributions', () => {
  it('every verdict of a holding attributed to the other side, then to nobody, then a refusal, is valid', () => {
    const r = RefereeDriver.playing(undefined, { match: { trackLength: 1, colours: 'alternate' } });
    r.hold('start');
    r.tick(2100);
    r.attribute('black');
    r.attribute('none');
    r.attribute('white');
    expect(r.types()).toEqual(expect.arrayContaining(['attributed', 'forfeit', 'game-over', 'match-over', 'resync-done', 'notice']));
    expect(problems(r.verdicts)).toEqual([]);
  });

  it('an attribution needs its game, side, message and score', () => {
    const bad = { type: 'attributed', atMs: 1, game: 0, to: '', message: 'x' };
    expect(problems([bad]).join('\n')).toMatch(/score/);
    expect(problems([bad]).join('\n')).toMatch(/game/);
  });
});

describe('verdict schema: sensor faults', () => {
  it('a cell failing and working again, on a well and on a pivot, is valid', () => {
    const r = RefereeDriver.playing();
    r.sensor('c4', 'start');
    r.send({ type: 'sensor', phase: 'start', fault: 'dead', cell: 42, pivot: 'pivot-white', atMs: 2000 });
    r.sensor('c4', 'end');
    expect(r.types()).toEqual(['sensor-fault', 'sensor-fault', 'sensor-cleared']);
    expect(problems(r.verdicts)).toEqual([]);
  });

  it('a sensor fault needs a known kind and its cell', () => {
    expect(problems([{ type: 'sensor-fault', atMs: 1, fault: 'melted', message: 'x', blind: true }]).join('\n')).toMatch(/cell|allowed/);
  });
});

describe('verdict schema: takebacks', () => {
  it('a takeback of two plies, and a refusal under the tournament policy, are valid', () => {
    const r = RefereeDriver.playing(undefined, { takebackPlies: 2 });
    r.move('a1-a2');
    r.move('g6-g5');
    r.play('lift g5, place g6, lift a2, place a1');
    const t = RefereeDriver.playing(undefined, { policy: 'tournament' });
    t.move('a1-a2');
    t.play('lift a2, place a1');
    expect([...r.types(), ...t.types()]).toEqual(expect.arrayContaining(['takeback', 'foul', 'notice']));
    expect(problems([...r.verdicts, ...t.verdicts])).toEqual([]);
  });

  it('a takeback needs its moves, each with its side', () => {
    const bad = { type: 'takeback', atMs: 1, side: 'white', plies: 0, moves: [{ move: 'a1-a2' }], position: 'x' };
    expect(problems([bad]).join('\n')).toMatch(/plies|minimum/);
    expect(problems([bad]).join('\n')).toMatch(/side/);
  });
});
