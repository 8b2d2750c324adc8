/**
 * A `senryaku referee --json` line as the verdict it says: the line carries the verdict's
 * `seq` in the match (and `repeated: true` on a resume's repeat), which a stored or replayed
 * verdict has not.
 */
import type { Verdict } from '../src/referee/verdicts.ts';

export function saidVerdict(line: string): Verdict {
  const { seq: _seq, repeated: _repeated, ...verdict } = JSON.parse(line) as Verdict & { seq?: number; repeated?: true };
  return verdict;
}
