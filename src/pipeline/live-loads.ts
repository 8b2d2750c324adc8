/**
 * The board's loads as sensing reads them now, for a live view (the web dashboard's grid of
 * loads and balance meter, like `senryaku monitor`): read off the pipeline's sensing state on
 * request, never pushed per frame, so a view polls it at the rate it draws.
 */
import type { LinkCounters } from '../hardware/link/index.ts';
import type { PlausibilityCounters, SensingState } from '../sensing/index.ts';
import { driftedCells, largestZeros, wellStates } from '../sensing/index.ts';

export interface LiveLoads {
  /** Board time of the last frame sensing took (NaN before the first). */
  readonly frameMs: number;
  /** Grams on every point now (the last fresh reading), by point index (file + files × rank). */
  readonly points: readonly number[];
  /** What sensing makes of each point: empty, sphere, pressed, unsettled, faulty. */
  readonly states: readonly string[];
  /** Sum of the pivot cells, grams (smoothed over the settle window); absent without pivots. */
  readonly pivotsG?: number;
  readonly tilt: { readonly white: boolean; readonly black: boolean };
  /** On a board that balances: the game's model on the live loads, moment left toward each side. */
  readonly tipMargin?: { readonly white: number; readonly black: number };
  /** The largest tracked zero offsets, grams, by cell; and the cells whose zero drifted too far. */
  readonly zeros: readonly { readonly cell: number; readonly offsetG: number }[];
  readonly drifted: readonly number[];
  readonly plausibility: PlausibilityCounters;
  readonly link?: LinkCounters;
}

const ZEROS_SHOWN = 6;

export function liveLoadsOf(sensing: SensingState, plausibility: PlausibilityCounters, link?: LinkCounters): LiveLoads {
  const points = Array.from(sensing.wells.current, (g) => Math.round(g * 10) / 10);
  const hasPivots = sensing.config.cellCount > sensing.config.wellCount;
  const margins = sensing.balanceMargins;
  const loads = Array.from(sensing.wells.current, (g) => Math.max(0, g));
  return {
    frameMs: sensing.link.lastFrameMs,
    points,
    states: wellStates(sensing),
    ...(hasPivots ? { pivotsG: Math.round((sensing.pivots.mean[0] ?? 0) * 10) / 10 } : {}),
    tilt: { white: sensing.tilt.white, black: sensing.tilt.black },
    ...(margins ? { tipMargin: margins(loads) } : {}),
    zeros: largestZeros(sensing.zeros, ZEROS_SHOWN),
    drifted: driftedCells(sensing.zeros),
    plausibility,
    ...(link ? { link } : {}),
  };
}
