/**
 * What every game's referee does when the computer's move is a capture and the person makes
 * another capture instead (src/referee/advice.ts): a NotTheComputersMove foul whose steps back
 * are the capturer home and the piece it took back on its well; the board put right so is
 * restored. Each game's test goes on from there with its own checks.
 */
import { expect } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import type { BoardDriver } from './board-driver.ts';

export interface OtherCapture {
  /** The computer's capture, advised. */
  readonly advised: string;
  /** The capture made instead, `from` x `to`, by the piece `capturer` taking the piece `taken`. */
  readonly from: string;
  readonly to: string;
  readonly capturer: string;
  readonly taken: string;
}

/** Advises `advised`, makes the other capture, checks the foul's steps back and carries them out; the advice's verdicts and the foul, for the game's own checks. */
export function otherCaptureFoul<S>(
  r: BoardDriver<S> & { move(text: string): Verdict[] },
  c: OtherCapture,
): { advice: Verdict[]; foul: Verdict | undefined } {
  const advice = r.advise('computer', c.advised);
  const foul = r.move(`${c.from}x${c.to}`).at(-1);
  expect(foul).toMatchObject({
    type: 'foul',
    code: 'NotTheComputersMove',
    restore: [
      { action: 'move-back', well: c.from, from: c.to, sphere: c.capturer },
      { action: 'put-back', well: c.to, sphere: c.taken },
    ],
  });
  expect(r.play(`lift ${c.to}, place ${c.from}, place ${c.to}`).map((v) => v.type)).toEqual(['restored']);
  return { advice, foul };
}
