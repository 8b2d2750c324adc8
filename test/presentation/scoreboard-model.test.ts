/** The pure parts: reducer and frame (app), with the LED layout and Uno lookup (hardware) they feed. */
import { expect, test } from 'vitest';
import { composeFrame, initialScoreboard, reduceScoreboard, stepMarkers, targetHoles } from '../../src/app/scoreboard/index.ts';
import { digitText, findUno, holeLed, ledImage } from '../../src/hardware/scoreboard/index.ts';
import { V } from '../hardware/scoreboard/harness.ts';
import { CAPTURE_WIN } from '../hardware/scoreboard/sequences.ts';
import { RefereeDriver } from '../referee/senryaku/driver.ts';

test('points come from the game-over score, games are counted once per game number', () => {
  let s = CAPTURE_WIN.reduce((st, v) => reduceScoreboard(st, v), initialScoreboard(6));
  expect(s).toMatchObject({ points: { A: 2, B: 0 }, games: { A: 1, B: 0 }, ending: { kind: 'game-over', winner: 'A' } });
  s = reduceScoreboard(s, V.gameOver(1, 'white', 'A', 2, { A: 2, B: 0 })); // replayed
  expect(s.games).toEqual({ A: 1, B: 0 });
  s = reduceScoreboard(s, V.gameStarted(2, 'B'));
  expect(s.ending).toBeUndefined();
  expect(s.turn).toBe('white');
});

test('markers: A counts up from 0, B down from N, and step one hole at a time', () => {
  const s = reduceScoreboard(initialScoreboard(6), V.gameOver(1, 'black', 'B', 2, { A: 1, B: 2 }));
  expect(targetHoles(s)).toEqual({ A: 1, B: 4 });
  expect(stepMarkers({ A: 0, B: 6 }, { A: 1, B: 4 })).toEqual({ A: 1, B: 5 });
  const frame = composeFrame(s, { markers: { A: 1, B: 5 }, blinkOn: true });
  expect(frame.holes.map((h) => (h.A ? 'A' : h.B ? 'B' : '.')).join('')).toBe('.A...B.');
});

test('the README mapping: holes 0–6 on SEG A/B, 7–13 on SEG C/D, lamps on DIG7', () => {
  expect(holeLed(0, 'A')).toEqual({ row: 0, col: 1 });
  expect(holeLed(6, 'B')).toEqual({ row: 6, col: 2 });
  expect(holeLed(9, 'A')).toEqual({ row: 2, col: 3 });
  expect(holeLed(13, 'B')).toEqual({ row: 6, col: 4 });
  const s = reduceScoreboard(reduceScoreboard(initialScoreboard(13), V.gameStarted(1)), V.foul('white'));
  const image = ledImage(composeFrame(s, { markers: { A: 0, B: 13 }, blinkOn: true }));
  expect(image.trackRows).toEqual([0x40, 0, 0, 0, 0, 0, 0x08, 0x50]);
  expect(digitText(12, 3)).toBe('P 12G  3');
});

test('findUno picks an Uno or a clone by USB id, case-insensitive, first listed wins', () => {
  const ports = [
    { path: '/dev/ttyS0' },
    { path: '/dev/ttyUSB0', vendorId: '0403', productId: '6001' },
    { path: 'COM4', vendorId: '2A03', productId: '0043' },
    { path: '/dev/ttyACM0', vendorId: '2341', productId: '0043' },
  ];
  expect(findUno(ports)?.path).toBe('COM4');
  expect(findUno([{ path: '/dev/ttyACM1', vendorId: '2341', productId: '0243' }])?.path).toBe('/dev/ttyACM1');
  expect(findUno([{ path: '/dev/ttyUSB1', vendorId: '1a86', productId: '7523' }])?.path).toBe('/dev/ttyUSB1');
  expect(findUno([{ path: '/dev/ttyACM0', vendorId: '2341', productId: '0042' }])).toBeUndefined(); // a Mega
  expect(findUno([])).toBeUndefined();
});

test('a holding attributed otherwise: the track and digits show the corrected score, the match-over pattern goes or changes', () => {
  const fold = (r: RefereeDriver) => r.verdicts.reduce((st, v) => reduceScoreboard(st, v), initialScoreboard(2));
  const digits = (s: ReturnType<typeof fold>) => composeFrame(s, { markers: targetHoles(s), blinkOn: true }).digits;
  // Game 1: Black crashes (A scores); game 2: the board held on White's (B's) turn: A wins the match.
  const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';
  const r = new RefereeDriver({ match: { trackLength: 2, colours: 'alternate' } });
  r.snapshotOf(START);
  r.move('a1-a2');
  r.lift('g6');
  r.tip('white');
  r.level();
  r.cleared();
  r.snapshotOf(START);
  r.hold('start');
  r.tick(2100);
  let s = fold(r);
  expect(s).toMatchObject({ points: { A: 2, B: 0 }, games: { A: 2, B: 0 }, ending: { kind: 'match-over', winner: 'A' } });
  // A (Black) held it: B wins game 2 instead, and the match goes on.
  r.attribute('black');
  s = fold(r);
  expect(s).toMatchObject({ points: { A: 1, B: 1 }, games: { A: 1, B: 1 }, ending: { kind: 'game-over', winner: 'B' } });
  expect(targetHoles(s)).toEqual({ A: 1, B: 1 });
  expect(digits(s)).toEqual({ A: { points: 1, count: 1 }, B: { points: 1, count: 1 } });

  // Attributed to nobody: the score is back to before game 2, no pattern, and White's lamp is lit again.
  const n = new RefereeDriver({ match: { trackLength: 1, colours: 'alternate' } });
  n.snapshotOf(START);
  n.hold('start');
  n.tick(2100);
  expect(fold(n)).toMatchObject({ points: { A: 0, B: 1 }, games: { A: 0, B: 1 }, ending: { kind: 'match-over', winner: 'B' } });
  n.attribute('none');
  s = fold(n);
  expect(s).toMatchObject({ points: { A: 0, B: 0 }, games: { A: 0, B: 0 }, turn: 'white' });
  expect(s.ending).toBeUndefined();
  expect(digits(s)).toEqual({ A: { points: 0, count: 0 }, B: { points: 0, count: 0 } });
  // The game goes on and ends again: it counts once more.
  n.move('a1-a2');
  expect(fold(n).turn).toBe('black');
});

test('a takeback lights the turn lamp of the side to move again, and puts out a foul said on the way', () => {
  const r = RefereeDriver.playing();
  r.move('a1-a2');
  r.play('lift a2, place a3');
  const fold = () => r.verdicts.reduce((st, v) => reduceScoreboard(st, v), reduceScoreboard(initialScoreboard(6), V.gameStarted(1)));
  expect(fold()).toMatchObject({ turn: 'black', foul: true });
  r.play('lift a3, place a1');
  expect(r.last('takeback')).toBeDefined();
  expect(fold()).toMatchObject({ turn: 'white', foul: false });
});
