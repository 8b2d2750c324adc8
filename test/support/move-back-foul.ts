/** A foul as the lights tests feed it: White's first, one piece to move back. */
import type { FoulCode, VerdictBody } from '../../src/referee/verdicts.ts';

/** White's foul `code`, put right by moving White's sphere on `from` back to `well`. */
export const moveBackFoul = (code: FoulCode, well: string, from: string, message = 'm'): VerdictBody => ({
  type: 'foul',
  code,
  side: 'white',
  message,
  restore: [{ action: 'move-back', well, from, sphere: 'w' }],
  count: 1,
});
