/**
 * Settle detection for a bank of channels: a channel is settled when its last k fresh
 * samples all lie within ±band of their mean. Plain typed arrays (one flat ring per bank)
 * so that a frame costs no allocation and the state clones with `structuredClone`.
 *
 * Why a window and not a low-pass filter: a filter's output creeps toward the new level,
 * so "reached the level" needs a threshold anyway and its delay depends on the step size.
 * A window of k raw samples answers "has it stopped moving?" after exactly k − 1 frames,
 * whatever the size of the step, and its mean is the new level.
 */
export interface SettleBank {
  readonly k: number;
  readonly band: number;
  /** Samples, channel c at c*k .. c*k+k-1. */
  readonly values: Float64Array;
  /** Board time of each sample, same layout. */
  readonly times: Float64Array;
  /** Next slot to write per channel. */
  readonly head: Uint8Array;
  /** Samples held per channel, up to k. */
  readonly fill: Uint8Array;
  /** Results of the last push: mean of the window and time of its oldest sample. */
  readonly mean: Float64Array;
  readonly since: Float64Array;
}

export function createSettleBank(channels: number, k: number, band: number): SettleBank {
  if (!Number.isInteger(k) || k < 1 || k > 255) throw new RangeError(`settle window ${k} outside 1..255`);
  return {
    k,
    band,
    values: new Float64Array(channels * k),
    times: new Float64Array(channels * k),
    head: new Uint8Array(channels),
    fill: new Uint8Array(channels),
    mean: new Float64Array(channels),
    since: new Float64Array(channels),
  };
}

/** Adds a sample; true when the window is full and settled (then `mean`/`since` hold its level and start). */
export function pushSample(bank: SettleBank, c: number, value: number, atMs: number): boolean {
  const { k } = bank;
  const base = c * k;
  const h = bank.head[c] ?? 0;
  bank.values[base + h] = value;
  bank.times[base + h] = atMs;
  const next = h + 1 === k ? 0 : h + 1;
  bank.head[c] = next;
  const fill = Math.min(k, (bank.fill[c] ?? 0) + 1);
  bank.fill[c] = fill;
  if (fill < k) return false;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let j = 0; j < k; j++) {
    const v = bank.values[base + j] ?? 0;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / k;
  bank.mean[c] = mean;
  // When the ring is full, `next` is the oldest slot.
  bank.since[c] = bank.times[base + next] ?? atMs;
  return max - mean <= bank.band && mean - min <= bank.band;
}

/**
 * The last n (≤ k) samples of a channel, if they lie within ±band of their mean: that mean
 * and the time of the oldest of them. Undefined when fewer than n are held or they spread.
 */
export function settledTail(bank: SettleBank, c: number, n: number): { readonly mean: number; readonly since: number } | undefined {
  const { k } = bank;
  if ((bank.fill[c] ?? 0) < n || n > k) return undefined;
  const base = c * k;
  const head = bank.head[c] ?? 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let j = 1; j <= n; j++) {
    const v = bank.values[base + ((head - j + k) % k)] ?? 0;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / n;
  if (max - mean > bank.band || mean - min > bank.band) return undefined;
  return { mean, since: bank.times[base + ((head - n + k) % k)] ?? 0 };
}

export const resetBank = (bank: SettleBank): void => {
  bank.fill.fill(0);
  bank.head.fill(0);
};
