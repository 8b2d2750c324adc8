// A whole autoplayed match under sensor noise: the referee must see exactly what the
// simulated players did: only the fouls they commit on purpose, each put right, and no
// resync, no model disagreement, no stuck turn.
import { expect, it } from 'vitest';
import { Session, simBoard, useE2E } from './harness.ts';

const e2e = useE2E();

it('an autoplayed match to 6: only deliberate fouls, each restored; the board and the referee never disagree', async () => {
  const clock = e2e.startClock();
  const board = simBoard();
  e2e.defer(() => board.dispose());
  const s = await Session.start({ calibration: e2e.calibration, clock, board, autoplaySeed: 22 });
  e2e.defer(() => s.stop());
  const notices: string[] = [];
  s.app.bus.on('notice', {}, (n) => notices.push(n.message));
  const over = await s.until('match-over', () => true, 60 * 60_000);
  expect(Math.max(over.score.A, over.score.B)).toBeGreaterThanOrEqual(6);
  const types = s.types();
  expect(types.filter((t) => t === 'move').length).toBeGreaterThan(50);
  const fouls = s.verdicts.flatMap((v) => (v.type === 'foul' ? [v.code] : []));
  expect(fouls.length).toBeGreaterThan(0);
  for (const code of fouls) expect(['NotYourSphere', 'Rolled']).toContain(code);
  expect(types.filter((t) => t === 'restored').length).toBe(fouls.length);
  expect(types).not.toContain('resync-needed');
  expect(types).not.toContain('model-disagreement');
  expect(notices.filter((n) => n.startsWith('autoplay'))).toEqual([]);
}, 120_000);
