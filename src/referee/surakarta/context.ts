/** What one reducer step works with: the draft state, the verdicts so far, the time. */
import type { Verdict, VerdictBody } from '../verdicts.ts';
import type { Draft } from './state.ts';

export interface StepContext {
  readonly d: Draft;
  /** When the input was known: verdicts are dated then, and timers run on it. */
  readonly at: number;
  /** When its physical action happened (`sinceMs`, else `at`): what the holding grace goes by. */
  readonly happenedAt: number;
  readonly verdicts: Verdict[];
  emit(v: VerdictBody): void;
}

export function stepContext(d: Draft, at: number, happenedAt = at): StepContext {
  const verdicts: Verdict[] = [];
  return { d, at, happenedAt, verdicts, emit: (v) => verdicts.push({ ...v, atMs: at }) };
}
