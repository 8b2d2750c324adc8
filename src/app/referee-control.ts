/**
 * What an operator may ask of the running referee, whichever front asks: MQTT requests
 * (`<base>/bridge/request/<name>`), the web dashboard's operator page, the terminal. Each
 * front checks who asks; this seam only says what is asked and answers with a Result whose
 * error is a sentence for a person. Bodies are the requests' JSON objects, checked here, so
 * every front refuses a bad one with the same words.
 */
import type { Result } from '../util/result.ts';

/** `ok`: what the request did (the new match's id, the game's result...); `error`: why nothing was done. */
export type ControlAnswer = Result<Readonly<Record<string, unknown>>, string>;

export type ControlBody = Readonly<Record<string, unknown>>;

export interface RefereeControl {
  /**
   * A new match on this board: `{ players?: { A?, B? }, ruleset?, policy?, track?, match?,
   * colours?, games?, force? }` (the `senryaku referee` options of the same names). The match
   * in progress, if any and not over, is abandoned only with `force: true` (its journal keeps
   * it: `senryaku referee --resume` continues it).
   */
  newMatch(body: ControlBody): Promise<ControlAnswer>;
  /** The players agree to end the game here (where the game has that ending). */
  endGameByAgreement(body: ControlBody): Promise<ControlAnswer>;
  /** `{ to: side | 'none' }`: who held the board in the holding that ended the last game. */
  attributeInterference(body: ControlBody): Promise<ControlAnswer>;
  /**
   * Guided calibration of the board (a person places the reference mass on every cell as
   * told), then a new match with the last settings. `{ force? }` as for newMatch.
   */
  startCalibration(body: ControlBody): Promise<ControlAnswer>;
  /**
   * `{ cell, holds: 'empty' | 'occupied' }`: what a blind point (its load cell failed) holds
   * now, as the operator sees it; the referee takes it as that cell's reading.
   */
  reportBlindCell(body: ControlBody): Promise<ControlAnswer>;
  /**
   * `{}`: the best move for the side to move, from the engine, shown by the referee (a `hint`
   * verdict, counted per player). Refused under the tournament policy, with hints off, on the
   * computer's turn, and when no game is on.
   */
  hint(body: ControlBody): Promise<ControlAnswer>;
}
