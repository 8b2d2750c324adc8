/** The text board for the same sequences as the LED board. */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type sinon from 'sinon';
import { EventBus } from '../../../src/app/event-bus.ts';
import { createScoreboardService, type ScoreboardService } from '../../../src/app/scoreboard/index.ts';
import { VirtualScoreboard } from '../../../src/hardware/scoreboard/index.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { fakeClock, flush, V } from './harness.ts';
import { CAPTURE_WIN, CRASH, MATCH_BEFORE_LAST_GAME, MATCH_LAST_GAME } from './sequences.ts';

let clock: sinon.SinonFakeTimers;
let bus: EventBus;
let service: ScoreboardService;
let board: VirtualScoreboard;

beforeEach(async () => {
  clock = fakeClock();
  bus = new EventBus();
  service = createScoreboardService({ bus, trackLength: 6, display: 'virtual', timing: { stepMs: 100, blinkMs: 500 } });
  board = service.display as VirtualScoreboard;
  await service.start();
  await flush();
});

afterEach(async () => {
  await service.stop();
  clock.restore();
});

const feed = (vs: readonly Verdict[]) => vs.forEach((v) => bus.emit('verdict', v));

test('the start of a match', () => {
  expect(board.lines).toEqual(['A [A . . . . . B] B', 'A P 0 G 0 | B P 0 G 0 | -']);
});

test('a capture win, with every picture it passes through', () => {
  const seen: string[] = [];
  board.onChange((lines) => seen.push(lines.join(' / ')));
  feed(CAPTURE_WIN);
  clock.tick(1_000);
  expect(seen).toEqual([
    'A [A . . . . . B] B / A P 0 G 0 | B P 0 G 0 | white',
    'A [A . . . . . B] B / A P 0 G 0 | B P 0 G 0 | black',
    'A [A . . . . . B] B / A P 0 G 0 | B P 0 G 0 | white',
    'A [A . . . . . B] B / A P 2 G 1 | B P 0 G 0 | -',
    'A [. A . . . . B] B / A P 2 G 1 | B P 0 G 0 | -',
    'A [. . A . . . B] B / A P 2 G 1 | B P 0 G 0 | -',
    'A [. . . . . . B] B / A P 2 G 1 | B P 0 G 0 | -', // the winner's marker blinks
    'A [. . A . . . B] B / A P 2 G 1 | B P 0 G 0 | -',
  ]);
});

test('a crash', () => {
  feed(CRASH);
  clock.tick(100);
  expect(board.lines).toEqual(['A [. A . . . . B] B', 'A P 1 G 1 | B P 0 G 0 | crash']);
});

test('a foul blinks until restored', () => {
  feed([V.gameStarted(1), V.foul('white')]);
  expect(board.lines[1]).toBe('A P 0 G 0 | B P 0 G 0 | white foul');
  clock.tick(500);
  expect(board.lines[1]).toBe('A P 0 G 0 | B P 0 G 0 | white');
  clock.tick(500);
  expect(board.lines[1]).toBe('A P 0 G 0 | B P 0 G 0 | white foul');
  feed([V.restored('white')]);
  clock.tick(2_000);
  expect(board.lines[1]).toBe('A P 0 G 0 | B P 0 G 0 | white');
});

test('a match won at the end of the track', () => {
  feed(MATCH_BEFORE_LAST_GAME);
  clock.tick(2_000);
  expect(board.lines).toEqual(['A [. . . . A . B] B', 'A P 4 G 2 | B P 0 G 0 | white']);
  feed(MATCH_LAST_GAME);
  clock.tick(200);
  expect(board.lines).toEqual(['A [A A A A A A *] B', 'A P 6 G 3 | B P 0 G 0 | -']);
  clock.tick(300);
  expect(board.lines).toEqual(['A [. . . . . . B] B', 'A P 6 G 3 | B P 0 G 0 | -']);
});
