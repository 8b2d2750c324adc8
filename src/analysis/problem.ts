/** Why a match record cannot be analysed: a code for programs, a message for people, and the record's line when it has lines. */
export type AnalysisProblemCode =
  /** A verdict lacks a field the analysis reads. */
  | 'BadVerdict'
  /** A move, takeback or ending before any game started, or a record with no game. */
  | 'NoGame'
  /** The match's game has no engine to analyse it with. */
  | 'NoEngine'
  /** A game's start position is not one the engine reads. */
  | 'BadPosition'
  /** A move that is not legal (or not even a move) where the record has it. */
  | 'IllegalMove'
  /** A move by the side that is not to move. */
  | 'WrongSide';

export interface AnalysisProblem {
  readonly code: AnalysisProblemCode;
  readonly message: string;
  readonly line?: number;
}
