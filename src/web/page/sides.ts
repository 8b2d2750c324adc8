/// <reference lib="dom" />
/**
 * The sides of the match's game as its drawing names and colours them (White, Light...). A
 * side the drawing does not list (a game with no drawing of its own) is its id, capitalised,
 * and its swatch is left to the stylesheet's neutral one.
 */
import type { SideDrawing } from '../../rulesets/board-drawing.ts';
import type { MatchSnapshot } from '../../app/referee-app.ts';
import type { MatchInfo } from '../protocol.ts';
import { h, sideName } from './dom.ts';

const sideOf = (match: MatchInfo | undefined, side: string): SideDrawing | undefined => match?.drawing?.sides.find((s) => s.id === side);

export const sideLabel = (match: MatchInfo | undefined, side: string): string => sideOf(match, side)?.name ?? sideName(side);

/** The sides in playing order: as the drawing lists them, else as the snapshot's players are keyed. */
export function sideIds(match: MatchInfo | undefined, snap: MatchSnapshot | undefined): string[] {
  const drawn = match?.drawing?.sides.map((s) => s.id) ?? [];
  return drawn.length > 0 ? drawn : Object.keys(snap?.players ?? {});
}

/** The dot beside a player's name in their side's colour (set through the CSSOM: the page's CSP allows no style attribute). */
export function swatch(match: MatchInfo | undefined, side: string): HTMLElement {
  const dot = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  const colour = sideOf(match, side)?.colour;
  if (colour) dot.style.background = colour;
  return dot;
}
