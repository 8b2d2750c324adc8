// Where games rule differently, the engine follows the game's `Rulings`: each choice flipped
// on the toy game (toy-rules.ts), all else the same.
import { describe, expect, it } from 'vitest';
import { ToyDriver, START } from './driver.ts';
import { position } from './toy-rules.ts';

/** Red on a1 may take Blue's only stone, on b2. */
const ONE_CAPTURE = 'r...b.... r';

describe('referee engine rulings', () => {
  it('liftOnEmpty: a lift where no stone stands is a foul, or a notice that ignores it', () => {
    expect(ToyDriver.playing(START, {}, { liftOnEmpty: 'foul' }).lift('c2')).toMatchObject([
      { type: 'foul', code: 'UnexpectedSphere', message: 'a stone was lifted from c2, where there should be none' },
    ]);
    const r = ToyDriver.playing(START, {}, { liftOnEmpty: 'notice' });
    expect(r.lift('c2')).toMatchObject([{ type: 'notice', message: 'a lift was sensed on c2, where no stone stands: ignored' }]);
    expect(r.state.phase).toBe('play');
  });

  it("destinations: in the rules' order, or by name", () => {
    expect(ToyDriver.playing(ONE_CAPTURE, {}, { destinations: 'rules-order' }).lift('a1')).toMatchObject([
      { destinations: ['b1', 'a2', 'b2'] },
    ]);
    expect(ToyDriver.playing(ONE_CAPTURE, {}, { destinations: 'by-name' }).lift('a1')).toMatchObject([
      { destinations: ['a2', 'b1', 'b2'] },
    ]);
  });

  it('setupReports: on each snapshot outside a game, or whenever the referee waits for one', () => {
    expect(new ToyDriver({}, { setupReports: 'each-snapshot' }).found(START).map((v) => v.type)).toEqual(['setup', 'game-started']);
    expect(new ToyDriver({}, { setupReports: 'while-waiting' }).found(START).map((v) => v.type)).toEqual(['game-started']);
    const after = (setupReports: 'each-snapshot' | 'while-waiting') =>
      ToyDriver.playing(ONE_CAPTURE, {}, { setupReports })
        .play('lift b2, lift a1, place b2')
        .map((v) => v.type);
    expect(after('each-snapshot')).toEqual(['capture-started', 'lifted', 'move', 'game-over']);
    expect(after('while-waiting')).toEqual(['capture-started', 'lifted', 'move', 'game-over', 'setup']);
  });

  it('judgesFirstPosition: a first position already won ends the game at once, or only starts it', () => {
    const won = 'r........ r';
    const judged = new ToyDriver({ firstPosition: position(won) }, { judgesFirstPosition: true });
    expect(judged.found(won)).toMatchObject([
      { type: 'game-started', position: won },
      { type: 'game-over', winner: 'red', reason: 'all-captured' },
      { type: 'setup', game: 2 },
    ]);
    const unjudged = new ToyDriver({ firstPosition: position(won) }, { judgesFirstPosition: false });
    expect(unjudged.found(won)).toMatchObject([{ type: 'game-started', position: won }]);
    expect(unjudged.state.phase).toBe('play');
  });

  describe('foulRecovery', () => {
    /** A foul (a lift sensed where nothing stands), then the script. */
    const afterFoul = (foulRecovery: 'steps' | 'moves', script: string): string[] => {
      const r = ToyDriver.playing(ONE_CAPTURE, {}, { foulRecovery });
      expect(r.lift('c2').map((v) => v.type)).toEqual(['foul']);
      return r.play(script).map((v) => (v.type === 'move' ? `move ${v.move}` : v.type));
    };

    it('back to one stone of the move in hand: said again (moves), or silently (steps)', () => {
      expect(afterFoul('moves', 'lift a1')).toEqual(['restored', 'lifted']);
      expect(afterFoul('steps', 'lift a1')).toEqual(['restored']);
      expect(afterFoul('moves', 'lift b2')).toEqual(['restored', 'capture-started']);
      expect(afterFoul('steps', 'lift b2')).toEqual([]);
    });

    it('a capture completed while the foul stands: taken (moves), or not (steps)', () => {
      expect(afterFoul('moves', 'lift b2, lift a1, place b2')).toEqual([
        'restored',
        'capture-started',
        'lifted',
        'move a1xb2',
        'game-over',
        'setup',
      ]);
      expect(afterFoul('steps', 'lift b2, lift a1, place b2')).toEqual(['restored']);
    });

    it.each(['steps', 'moves'] as const)('a step completed while the foul stands is taken (%s)', (foulRecovery) => {
      const r = ToyDriver.playing(START, {}, { foulRecovery });
      r.play('lift b3, lift a1, place a2');
      expect(r.types()).toEqual(['foul']);
      expect(r.place('b3').map((v) => (v.type === 'move' ? v.move : v.type))).toEqual(['a1-a2']);
    });
  });
});
