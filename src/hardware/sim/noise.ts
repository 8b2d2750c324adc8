/**
 * Slow random processes for the sensor model. Drift of a load cell + HX711 is a random
 * walk that does not wander off for ever (creep recovers, temperature comes back), so it
 * is modelled as an Ornstein-Uhlenbeck process: a random walk pulled back toward zero
 * with time constant tau. Its long-run spread is `sd`; over times much shorter than
 * tau it behaves like a plain random walk of sd·sqrt(2·dt/tau).
 */
import type { Rng } from '../../util/rng.ts';

export interface DriftParameters {
  /** Long-run standard deviation of the process. */
  readonly sd: number;
  /** Time constant of the pull back toward zero, ms. */
  readonly tauMs: number;
}

export class OrnsteinUhlenbeck {
  #value: number;
  /** The last step's dt and what it gives (a board samples at one period: exp and sqrt once, not per cell and sample). */
  #dtMs = NaN;
  #decay = 1;
  #kick = 0;

  constructor(
    readonly parameters: DriftParameters,
    initial = 0,
  ) {
    this.#value = initial;
  }

  get value(): number {
    return this.#value;
  }

  /** Advances the process by dtMs (exact discretisation, any step size). */
  step(dtMs: number, rng: Rng): number {
    const { sd, tauMs } = this.parameters;
    if (dtMs <= 0 || sd === 0) return this.#value;
    if (dtMs !== this.#dtMs) {
      this.#dtMs = dtMs;
      this.#decay = Math.exp(-dtMs / tauMs);
      this.#kick = sd * Math.sqrt(1 - this.#decay * this.#decay);
    }
    this.#value = this.#value * this.#decay + this.#kick * rng.normal();
    return this.#value;
  }
}

/** Starts a process in its stationary distribution, so a fresh board already shows drift. */
export const stationaryDrift = (parameters: DriftParameters, rng: Rng): OrnsteinUhlenbeck =>
  new OrnsteinUhlenbeck(parameters, parameters.sd * rng.normal());
