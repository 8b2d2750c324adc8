/** The pure parts: reducer and frame (app), with the LED layout and Uno lookup (hardware) they feed. */
import { expect, test } from 'vitest';
import { composeFrame, initialScoreboard, reduceScoreboard, stepMarkers, targetHoles } from '../../../src/app/scoreboard/index.ts';
import { digitText, findUno, holeLed, ledImage } from '../../../src/hardware/scoreboard/index.ts';
import { V } from '../../hardware/scoreboard/harness.ts';
import { CAPTURE_WIN } from '../../hardware/scoreboard/sequences.ts';

const T = { timeout: 1_000 };

test('points come from the game-over score, games are counted once per game number', T, () => {
  let s = CAPTURE_WIN.reduce((st, v) => reduceScoreboard(st, v), initialScoreboard(6));
  expect(s).toMatchObject({ points: { A: 2, B: 0 }, games: { A: 1, B: 0 }, ending: { kind: 'game-over', winner: 'A' } });
  s = reduceScoreboard(s, V.gameOver(1, 'white', 'A', 2, { A: 2, B: 0 })); // replayed
  expect(s.games).toEqual({ A: 1, B: 0 });
  s = reduceScoreboard(s, V.gameStarted(2, 'B'));
  expect(s.ending).toBeUndefined();
  expect(s.turn).toBe('white');
});

test('markers: A counts up from 0, B down from N, and step one hole at a time', T, () => {
  const s = reduceScoreboard(initialScoreboard(6), V.gameOver(1, 'black', 'B', 2, { A: 1, B: 2 }));
  expect(targetHoles(s)).toEqual({ A: 1, B: 4 });
  expect(stepMarkers({ A: 0, B: 6 }, { A: 1, B: 4 })).toEqual({ A: 1, B: 5 });
  const frame = composeFrame(s, { markers: { A: 1, B: 5 }, blinkOn: true });
  expect(frame.holes.map((h) => (h.A ? 'A' : h.B ? 'B' : '.')).join('')).toBe('.A...B.');
});

test('the README mapping: holes 0–6 on SEG A/B, 7–13 on SEG C/D, lamps on DIG7', T, () => {
  expect(holeLed(0, 'A')).toEqual({ row: 0, col: 1 });
  expect(holeLed(6, 'B')).toEqual({ row: 6, col: 2 });
  expect(holeLed(9, 'A')).toEqual({ row: 2, col: 3 });
  expect(holeLed(13, 'B')).toEqual({ row: 6, col: 4 });
  const s = reduceScoreboard(reduceScoreboard(initialScoreboard(13), V.gameStarted(1)), V.foul('white'));
  const image = ledImage(composeFrame(s, { markers: { A: 0, B: 13 }, blinkOn: true }));
  expect(image.trackRows).toEqual([0x40, 0, 0, 0, 0, 0, 0x08, 0x50]);
  expect(digitText(12, 3)).toBe('P 12G  3');
});

test('findUno picks an Uno or a clone by USB id, case-insensitive, first listed wins', T, () => {
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
