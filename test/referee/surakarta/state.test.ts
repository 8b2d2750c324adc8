// Resync after a restart, the snapshot a late client gets, and the reducer's purity.
import { describe, expect, it } from 'vitest';
import { replayInputs } from '../../../src/referee/referee.ts';
import { DEFAULT_SURAKARTA_SETTINGS, surakartaReferee } from '../../../src/games/surakarta/referee.ts';
import { START_POSITION } from '../../../src/games/surakarta/rules/index.ts';
import { SkDriver, position } from './driver.ts';

const AFTER_B2C3 = 'oooooo/oooooo/6/2x3/x1xxxx/xxxxxx o';

describe('Surakarta referee: resync after a restart', () => {
  it('a resumed snapshot that differs names the points until the board matches the game again', () => {
    const r = SkDriver.playing();
    r.move('b2-c3');
    r.snapshotOf(START_POSITION, true);
    expect(r.last('resync-needed')).toMatchObject({
      differences: [
        { well: 'b2', expected: 'empty', sensed: 'sphere' },
        { well: 'c3', expected: 'x', sensed: 'empty' },
      ],
    });
    expect(r.state.phase).toBe('resync');
    r.lift('b2');
    expect(r.last('resync-needed')?.differences).toEqual([{ well: 'c3', expected: 'x', sensed: 'empty' }]);
    r.place('c3');
    expect(r.last('resync-done')).toMatchObject({ position: AFTER_B2C3 });
    expect(r.move('e5-d4').at(-1)).toMatchObject({ type: 'move', side: 'dark' });
  });

  it('a resumed snapshot that matches is confirmed at once; an unresumed one that matches says nothing', () => {
    const r = SkDriver.playing();
    r.move('b2-c3');
    expect(r.snapshotOf(AFTER_B2C3)).toEqual([]);
    expect(r.snapshotOf(AFTER_B2C3, true)).toEqual([expect.objectContaining({ type: 'resync-done', position: AFTER_B2C3 })]);
  });

  it('a snapshot while a foul stands and the board is put right by it resumes play', () => {
    const r = SkDriver.playing();
    r.lift('a6');
    r.snapshotOf(START_POSITION, true);
    expect(r.types()).toEqual(['foul', 'resync-done']);
    expect(r.state.phase).toBe('play');
    expect(r.state.foul).toBeUndefined();
  });
});

describe('Surakarta referee: snapshot', () => {
  it('follows the game: phase, position, turn, players in playing order, score and fouls', () => {
    const ref = surakartaReferee();
    const r = SkDriver.playing();
    expect(ref.snapshot(r.state)).toEqual({
      phase: 'play',
      game: 1,
      position: START_POSITION,
      turn: 'light',
      players: { light: 'A', dark: 'B' },
      score: { points: { A: 0, B: 0 }, games: { A: 0, B: 0 }, trackLength: 2 },
      fouls: { light: 0, dark: 0 },
      hints: { A: 0, B: 0 },
      sensors: { blind: [], faults: [] },
    });
    r.move('b2-c3');
    expect(ref.snapshot(r.state)).toMatchObject({ position: AFTER_B2C3, turn: 'dark' });
  });

  it('a foul that stands is in it, with how to put the board right', () => {
    const ref = surakartaReferee();
    const r = SkDriver.playing();
    r.roll('a2', 'a3');
    expect(ref.snapshot(r.state)).toMatchObject({
      phase: 'foul',
      fouls: { light: 1, dark: 0 },
      pendingFoul: { code: 'Rolled', side: 'light', restore: [{ action: 'move-back', from: 'a3', well: 'a2', sphere: 'x' }] },
    });
  });

  it('after a game: the game just played, no turn, the score; after the match, the winner; a points match shows its target', () => {
    const ref = surakartaReferee();
    const r = SkDriver.playing('x5/6/6/6/x4x/1o2o1 x', { match: { kind: 'points', target: 3 } });
    r.agree();
    const snap = ref.snapshot(r.state);
    expect(snap).toMatchObject({
      phase: 'match-over',
      game: 1,
      winner: 'A',
      score: { points: { A: 3, B: 2 }, games: { A: 1, B: 0 }, trackLength: 3 },
    });
    expect(snap.turn).toBeUndefined();
  });

  it('between games it shows the next game’s players once it starts', () => {
    const ref = surakartaReferee();
    const r = SkDriver.playing();
    r.agree();
    expect(ref.snapshot(r.state)).toMatchObject({ phase: 'game-over', game: 1, players: { light: 'A', dark: 'B' } });
    r.cleared();
    r.snapshotOf(START_POSITION);
    expect(ref.snapshot(r.state)).toMatchObject({ phase: 'play', game: 2, players: { light: 'B', dark: 'A' } });
  });
});

describe('Surakarta referee: a pure reducer', () => {
  const script = (r: SkDriver): void => {
    r.snapshotOf('6/6/6/6/x4x/1o2o1 x');
    r.play('lift a2, lift f2, place f2, place a2'); // a foul, restored, then touch move
    r.play('lift b1, lift a2, place b1');
    r.play('lift e1, place e2, lift e2, lift f2, place e2');
  };

  it('never mutates the state it is given', () => {
    const ref = surakartaReferee({ ...DEFAULT_SURAKARTA_SETTINGS, firstPosition: position('6/6/6/6/x4x/1o2o1 x') });
    const r = new SkDriver({ firstPosition: position('6/6/6/6/x4x/1o2o1 x') });
    script(r);
    let state = ref.initialState();
    for (const input of r.inputs) {
      const board = state.onBoard.slice();
      const gameBoard = state.game.position.board.slice();
      Object.freeze(state);
      Object.freeze(state.hand);
      Object.freeze(state.match);
      Object.freeze(state.fouls);
      const next = ref.step(state, input);
      expect(state.onBoard).toEqual(board);
      expect(state.game.position.board).toEqual(gameBoard);
      state = next.state;
    }
    expect(state.phase).toBe('game-over');
  });

  it('replaying the same inputs gives the same verdicts and state', () => {
    const r = new SkDriver({ firstPosition: position('6/6/6/6/x4x/1o2o1 x') });
    script(r);
    const ref = surakartaReferee({ ...DEFAULT_SURAKARTA_SETTINGS, firstPosition: position('6/6/6/6/x4x/1o2o1 x') });
    const a = replayInputs(ref, r.inputs);
    const b = replayInputs(ref, r.inputs);
    expect(a.verdicts).toEqual(r.verdicts);
    expect(b.verdicts).toEqual(a.verdicts);
    expect(ref.snapshot(b.state)).toEqual(ref.snapshot(a.state));
    expect(a.verdicts.map((v) => v.type)).toContain('game-over');
  });
});
