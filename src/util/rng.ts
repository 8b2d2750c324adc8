/**
 * Seeded pseudo-random numbers (the simulator, the engine): the same seed gives the same board,
 * the same noise and the same bytes on the wire. Never Math.random().
 *
 * sfc32 (Chris Doty-Humphrey's small fast counter) seeded through splitmix32: fast,
 * passes PractRand far beyond what a simulator needs, 128 bits of state. Independent
 * streams come from `fork(label)`, so adding a draw in one model (say, a new fault)
 * does not shift the numbers every other model sees.
 */

const splitmix32 = (state: number): [next: number, out: number] => {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
};

/** FNV-1a over a label, to turn stream names into seed material. */
const hashLabel = (label: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** Box-Muller makes normals in pairs; the second one waits here. */
  #spareNormal: number | undefined = undefined;
  readonly #seed: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed)) throw new TypeError(`seed must be an integer, got ${seed}`);
    this.#seed = seed >>> 0;
    let s = this.#seed;
    let out: number;
    [s, out] = splitmix32(s);
    this.#a = out;
    [s, out] = splitmix32(s);
    this.#b = out;
    [s, out] = splitmix32(s);
    this.#c = out;
    [, out] = splitmix32(s);
    this.#d = out;
    for (let i = 0; i < 12; i++) this.uint32(); // mix the seed in before use
  }

  /** An independent stream named by `label`, fixed for this generator's seed. */
  fork(label: string): Rng {
    return new Rng((this.#seed ^ hashLabel(label)) >>> 0);
  }

  uint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.uint32() / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.float();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** Standard normal (mean 0, sd 1), Box-Muller. */
  normal(): number {
    if (this.#spareNormal !== undefined) {
      const spare = this.#spareNormal;
      this.#spareNormal = undefined;
      return spare;
    }
    const u = 1 - this.float(); // (0, 1]: log(0) never happens
    const v = this.float();
    const r = Math.sqrt(-2 * Math.log(u));
    this.#spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  gaussian(mean: number, sd: number): number {
    return mean + sd * this.normal();
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return p > 0 && this.float() < p;
  }
}
