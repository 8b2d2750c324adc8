/** What one reducer step works with: the draft state, the verdicts so far, the time, the model. */
import { BalanceModel } from '../../rules/senryaku/balance.ts';
import type { BoardProfile } from '../../rules/senryaku/profile.ts';
import { EMPTY, WHITE_PLAIN, WELLS } from '../../rules/senryaku/types.ts';
import type { Verdict, VerdictBody } from '../verdicts.ts';
import { UNKNOWN_SPHERE, type Draft } from './state.ts';

export interface StepContext {
  readonly d: Draft;
  /** When the input was known: verdicts are dated then, and timers run on it. */
  readonly at: number;
  /** When its physical action happened (`sinceMs`, else `at`): what ordering actions and grace periods go by. */
  readonly happenedAt: number;
  readonly model: BalanceModel;
  readonly verdicts: Verdict[];
  emit(v: VerdictBody): void;
}

const models = new WeakMap<BoardProfile, BalanceModel>();
const modelOf = (profile: BoardProfile): BalanceModel => {
  let m = models.get(profile);
  if (!m) models.set(profile, (m = BalanceModel.fromProfile(profile)));
  return m;
};

export function stepContext(d: Draft, at: number, happenedAt = at): StepContext {
  const verdicts: Verdict[] = [];
  return {
    d,
    at,
    happenedAt,
    model: modelOf(d.settings.profile),
    verdicts,
    emit: (v) => verdicts.push({ ...v, atMs: at }),
  };
}

/** The board for the balance model: a sphere of unknown kind weighs as a plain one. */
export function modelBoard(onBoard: Int8Array): Int8Array {
  const b = new Int8Array(WELLS);
  for (let w = 0; w < WELLS; w++) b[w] = onBoard[w] === UNKNOWN_SPHERE ? WHITE_PLAIN : (onBoard[w] ?? EMPTY);
  return b;
}
