/**
 * Pairs each physical action with the board line whose referee input reported it, and
 * turns the pairs into latency figures: from first contact and from physically steady to
 * the verdicts being out (session.ts says exactly when that is).
 */
import type { RefereeInput } from '../../src/referee/inputs.ts';
import type { Observed } from './session.ts';
import type { ActionKind, PhysicalAction, PhysicalTruth } from './truth.ts';

export const FRAME_MS = 12.5;

export interface Sample {
  readonly fromContactMs: number;
  readonly fromSteadyMs: number;
}

export interface KindFigures {
  readonly samples: Sample[];
  /** Actions no referee input reported (they are listed by the bench; a correct session has none). */
  readonly unmatched: PhysicalAction[];
  /** Reported, but the referee said nothing at that line. */
  silent: number;
}

const matches = (a: PhysicalAction, i: RefereeInput): boolean => {
  switch (a.kind) {
    case 'lift':
      return i.type === 'lifted' && i.well === a.well;
    case 'place':
      return i.type === 'placed' && i.well === a.well;
    case 'roll':
      return i.type === 'rolled' && i.to === a.well && i.from === a.from;
    case 'crash':
      return i.type === 'tipped' && i.toward === a.toward;
  }
};

export function measure(truth: PhysicalTruth, observed: readonly Observed[]): Record<ActionKind, KindFigures> {
  const out: Record<ActionKind, KindFigures> = {
    lift: { samples: [], unmatched: [], silent: 0 },
    place: { samples: [], unmatched: [], silent: 0 },
    roll: { samples: [], unmatched: [], silent: 0 },
    crash: { samples: [], unmatched: [], silent: 0 },
  };
  // Each reported input answers one action: the earliest action of its kind and well.
  const used = new Set<RefereeInput>();
  const actions = [...truth.actions, ...truth.crashes].sort((a, b) => (a.steadyMs ?? a.contactMs) - (b.steadyMs ?? b.contactMs));
  for (const a of actions) {
    const figures = out[a.kind];
    if (a.steadyMs === undefined) continue;
    // Spheres a crash spills are not hand actions; a hand action on a tipped board is not judged.
    const from = a.kind === 'crash' ? a.steadyMs : a.contactMs;
    let hit: Observed | undefined;
    let input: RefereeInput | undefined;
    for (let k = firstAtOrAfter(observed, from); k < observed.length; k++) {
      const o = observed[k]!;
      if (o.sentMs > from + 5000) break;
      input = o.inputs.find((i) => !used.has(i) && matches(a, i));
      if (input) {
        hit = o;
        break;
      }
    }
    if (!hit || !input) {
      figures.unmatched.push(a);
      continue;
    }
    used.add(input);
    if (hit.verdicts.length === 0) figures.silent++;
    figures.samples.push({ fromContactMs: hit.outMs - a.contactMs, fromSteadyMs: hit.outMs - a.steadyMs });
  }
  return out;
}

/** Index of the first line sent at or after `ms` (lines are in time order). */
function firstAtOrAfter(observed: readonly Observed[], ms: number): number {
  let lo = 0;
  let hi = observed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (observed[mid]!.sentMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export function summarise(values: readonly number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}
