// What the referee says aloud for each verdict (src/presentation/spoken-verdict.ts), as a table:
// the sentence, or nothing for a verdict a player need not hear.
import { describe, expect, it } from 'vitest';
import { spokenMove, spokenTogether, spokenVerdict, type SpeechTerms } from '../../src/presentation/spoken-verdict.ts';
import { FOUL_CODES, type Verdict, type VerdictType } from '../../src/referee/verdicts.ts';
import { SENRYAKU_WORDS, SURAKARTA_WORDS } from '../../src/rulesets/words.ts';

const SENRYAKU: SpeechTerms = {
  words: SENRYAKU_WORDS,
  players: { A: 'A', B: 'B' },
  pieceNames: { w: 'white sphere', W: 'coloured white sphere', b: 'black sphere', B: 'coloured black sphere' },
};
const NAMED: SpeechTerms = { ...SENRYAKU, players: { A: 'Alice', B: 'Bob' } };
const SURAKARTA: SpeechTerms = { words: SURAKARTA_WORDS, players: { A: 'A', B: 'B' } };

const at = <V extends Omit<Verdict, 'atMs'>>(v: V): Verdict => ({ atMs: 12_000, ...v }) as unknown as Verdict;

const TABLE: readonly [string, Verdict, SpeechTerms, string | undefined][] = [
  ['a move', at({ type: 'move', side: 'white', move: 'c2-c3', position: '-' }), SENRYAKU, 'White: c2 to c3.'],
  ['a capture', at({ type: 'move', side: 'black', move: 'b4xc5', position: '-' }), SENRYAKU, 'Black: b4 takes c5.'],
  [
    'a move made while the board was not heard',
    at({ type: 'move', side: 'dark', move: 'a2xb6', position: '-', unheard: true }),
    SURAKARTA,
    'Dark: a2 takes b6, seen on reconnect.',
  ],
  [
    "a move's tip margins are not said",
    at({ type: 'move', side: 'white', move: 'a1-a2', position: '-', balance: { tipMargin: { white: 12, black: 450 } } }),
    SENRYAKU,
    'White: a1 to a2.',
  ],
  [
    'a foul and its restore step, the sphere named by its colour',
    at({
      type: 'foul',
      code: 'NotYourSphere',
      side: 'white',
      message: "the sphere on d4 is black's",
      restore: [{ action: 'put-back', well: 'd4', sphere: 'b' }],
      count: 1,
    }),
    SENRYAKU,
    'Foul by White: not your sphere. Put the black sphere back on d4.',
  ],
  [
    "a foul in Surakarta's words, a piece of no known letter",
    at({
      type: 'foul',
      code: 'IllegalPlacement',
      side: 'dark',
      message: 'b2 to d4 is not one point in any direction',
      restore: [{ action: 'move-back', well: 'b2', from: 'd4', sphere: 'o' }],
      count: 2,
    }),
    SURAKARTA,
    'Foul by Dark: illegal placement. Move the piece on d4 back to b2.',
  ],
  [
    'a foul with more steps than are read out',
    at({
      type: 'foul',
      code: 'TwoSpheresLifted',
      side: 'black',
      message: 'two spheres lifted',
      restore: ['a1', 'b1', 'c1', 'd1', 'e1'].map((well) => ({ action: 'put-back' as const, well })),
      count: 1,
    }),
    SENRYAKU,
    'Foul by Black: two spheres lifted. Put the sphere back on a1. Put the sphere back on b1. Put the sphere back on c1. And 2 more.',
  ],
  [
    'a foul with nothing to restore',
    at({ type: 'foul', code: 'UnexpectedSphere', side: 'white', message: '-', restore: [], count: 1 }),
    SENRYAKU,
    'Foul by White: unexpected sphere.',
  ],
  ['the board restored', at({ type: 'restored', side: 'black', position: '-' }), SENRYAKU, 'Restored. Black to move.'],
  [
    'moves taken back',
    at({
      type: 'takeback',
      side: 'white',
      plies: 2,
      moves: [
        { side: 'white', move: 'c2-c3' },
        { side: 'black', move: 'e5-e4' },
      ],
      position: '-',
    }),
    SENRYAKU,
    'Taken back: White, c2 to c3; Black, e5 to e4. White to move.',
  ],
  [
    'touch move',
    at({ type: 'touch-move', side: 'white', well: 'e1', message: 'the sphere on e1 was lifted: it must be moved (touch move)' }),
    SENRYAKU,
    'Touch move: the sphere on e1 must be moved.',
  ],
  ["the computer's move", at({ type: 'computer-move', side: 'black', move: 'c1xd2', position: '-' }), SENRYAKU, 'Computer: c1 takes d2.'],
  ['a hint', at({ type: 'hint', side: 'light', player: 'A', move: 'a2-b3', count: 2 }), SURAKARTA, 'Hint: a2 to b3.'],
  ['the board tips', at({ type: 'board-tipped', toward: 'black' }), SENRYAKU, 'Crash!'],
  [
    'whose crash it was',
    at({ type: 'crash', loser: 'white', toward: 'black', during: 'lift', well: 'd4' }),
    SENRYAKU,
    'White crashed the board.',
  ],
  [
    'a forfeit',
    at({ type: 'forfeit', loser: 'black', reason: 'holding', message: 'black held the board' }),
    SENRYAKU,
    'Black forfeits: holding the board.',
  ],
  [
    'a game won, the score by letters',
    at({ type: 'game-over', game: 1, winner: 'black', winnerPlayer: 'B', reason: 'crash', points: 3, score: { A: 0, B: 3 } }),
    SENRYAKU,
    'Black wins game 1. Score: A, 0; B, 3.',
  ],
  [
    'a game won, the score by names',
    at({ type: 'game-over', game: 2, winner: 'white', winnerPlayer: 'B', reason: 'capture', points: 2, score: { A: 2, B: 5 } }),
    NAMED,
    'White wins game 2. Score: Alice, 2; Bob, 5.',
  ],
  [
    'a game drawn',
    at({ type: 'game-over', game: 3, reason: 'agreement', points: 0, score: { A: 1, B: 1 } }),
    SURAKARTA,
    'Game 3 is drawn. Score: A, 1; B, 1.',
  ],
  ['the match won', at({ type: 'match-over', winner: 'A', score: { A: 6, B: 3 }, games: 4 }), NAMED, 'Match over. Winner: Alice, 6 to 3.'],
  [
    'the match won by the second player',
    at({ type: 'match-over', winner: 'B', score: { A: 2, B: 6 }, games: 3 }),
    SENRYAKU,
    'Match over. Winner: B, 6 to 2.',
  ],
  ['the match drawn', at({ type: 'match-over', score: { A: 4, B: 4 }, games: 4 }), SENRYAKU, 'Match over: a draw, 4 all.'],
  [
    'a game starts',
    at({ type: 'game-started', game: 2, players: { white: 'B', black: 'A' }, position: '-' }),
    SENRYAKU,
    'Game 2. White: B, Black: A. White to move.',
  ],
  [
    "a game starts, in Surakarta's sides",
    at({ type: 'game-started', game: 1, players: { light: 'A', dark: 'B' }, position: '-' }),
    NAMED,
    'Game 1. Light: Alice, Dark: Bob. Light to move.',
  ],
  ['the setup as it should be', at({ type: 'setup', game: 1, missing: [], extra: [] }), SENRYAKU, undefined],
  ['the setup, far from it', at({ type: 'setup', game: 2, missing: ['a1', 'b1', 'c1', 'd1'], extra: ['d4'] }), SENRYAKU, 'Set up game 2.'],
  [
    'the setup, nearly there',
    at({ type: 'setup', game: 2, missing: ['a1', 'b1'], extra: ['d4'] }),
    SENRYAKU,
    'Set up game 2: a sphere on a1 and b1; clear d4.',
  ],
  [
    'a holding attributed to a side',
    at({ type: 'attributed', game: 1, to: 'black', message: '-', score: { A: 0, B: 0 } }),
    SENRYAKU,
    'Black held the board.',
  ],
  [
    'a holding attributed to nobody',
    at({ type: 'attributed', game: 1, to: 'none', message: '-', score: { A: 2, B: 0 } }),
    SENRYAKU,
    'Nobody held the board: game 1 goes on. Score: A, 2; B, 0.',
  ],
  [
    'the board differs, with restore steps',
    at({
      type: 'resync-needed',
      differences: [{ well: 'c3', expected: 'w', sensed: 'empty' }],
      restore: [{ action: 'move-back', well: 'c3', from: 'c4', sphere: 'W' }],
    }),
    SENRYAKU,
    'The board differs from the game. Move the coloured white sphere on c4 back to c3.',
  ],
  [
    'the board differs, said from the differences',
    at({
      type: 'resync-needed',
      differences: [
        { well: 'c3', expected: 'w', sensed: 'empty' },
        { well: 'e5', expected: 'empty', sensed: 'sphere' },
      ],
    }),
    SENRYAKU,
    'The board differs from the game. Put the white sphere back on c3. Take the sphere off e5.',
  ],
  ['the board matches again', at({ type: 'resync-done', position: '-' }), SENRYAKU, 'The board matches the game again.'],
  // Not said: what a player does not act on.
  ['a lift', at({ type: 'lifted', side: 'white', well: 'c2', destinations: ['c3'] }), SENRYAKU, undefined],
  ['a capture begun', at({ type: 'capture-started', side: 'white', captured: 'd4', order: 'captured-first' }), SENRYAKU, undefined],
  [
    'a sensor fault',
    at({ type: 'sensor-fault', fault: 'stuck', cell: 3, well: 'd1', blind: true, message: 'the cell under d1 is stuck' }),
    SENRYAKU,
    undefined,
  ],
  ['a sensor back', at({ type: 'sensor-cleared', fault: 'stuck', cell: 3, well: 'd1', message: 'back' }), SENRYAKU, undefined],
  [
    "the calibration's doubt",
    at({ type: 'model-disagreement', kind: 'model-tipped', position: '-', lifted: [], margin: { white: 1, black: 1 } }),
    SENRYAKU,
    undefined,
  ],
  ['a notice', at({ type: 'notice', message: 'capture abandoned' }), SENRYAKU, undefined],
];

describe('spoken verdicts', () => {
  it.each(TABLE)('%s', (_what, verdict, terms, said) => {
    expect(spokenVerdict(verdict, terms)).toBe(said);
  });

  it('the table has a row for every verdict type', () => {
    const covered = new Set(TABLE.map(([, v]) => v.type));
    const every: Record<VerdictType, true> = {
      setup: true,
      'game-started': true,
      lifted: true,
      'capture-started': true,
      move: true,
      'touch-move': true,
      'computer-move': true,
      hint: true,
      foul: true,
      restored: true,
      takeback: true,
      'board-tipped': true,
      crash: true,
      forfeit: true,
      'game-over': true,
      attributed: true,
      'match-over': true,
      'resync-needed': true,
      'resync-done': true,
      'model-disagreement': true,
      'sensor-fault': true,
      'sensor-cleared': true,
      notice: true,
    };
    expect([...covered].sort()).toEqual(Object.keys(every).sort());
  });

  it.each(FOUL_CODES.map((code) => [code]))('a %s foul is said in words, never its code', (code) => {
    const said = spokenVerdict(at({ type: 'foul', code, side: 'black', message: '-', restore: [], count: 1 }), SENRYAKU);
    expect(said).toMatch(/^Foul by Black: [a-z][a-z' ]+\.$/);
    expect(said).not.toContain(code);
  });

  it.each([
    ['c2-c3', 'c2 to c3'],
    ['b4xc5', 'b4 takes c5'],
    ['a10-a11', 'a10 to a11'],
    ['resign', 'resign'],
  ])('the move %s is said "%s"', (move, said) => {
    expect(spokenMove(move)).toBe(said);
  });

  it('the verdicts of one moment are said together, in order, the unsaid left out', () => {
    const moment: Verdict[] = [
      at({ type: 'lifted', side: 'white', well: 'b4', destinations: ['c5'] }),
      at({ type: 'move', side: 'white', move: 'b4xc5', position: '-' }),
      at({ type: 'game-over', game: 4, winner: 'white', winnerPlayer: 'A', reason: 'capture', points: 2, score: { A: 6, B: 3 } }),
      at({ type: 'match-over', winner: 'A', score: { A: 6, B: 3 }, games: 4 }),
    ];
    expect(spokenTogether(moment, NAMED)).toBe(
      'White: b4 takes c5. White wins game 4. Score: Alice, 6; Bob, 3. Match over. Winner: Alice, 6 to 3.',
    );
    expect(spokenTogether([moment[0]!], NAMED)).toBeUndefined();
  });
});
