/**
 * Fouls in words, for everything said to people (the terminal, the dashboard): each code
 * as a short phrase in the game's words (the code itself stays in the verdict, for JSON and
 * MQTT), and the reason of an illegal placement said once.
 */
import type { FoulCode } from './verdicts.ts';

/** What a foul is, in a few words of the game (`not your sphere`, `two pieces lifted`); `words`: what it calls its pieces. */
export function foulWords(code: FoulCode, words: { readonly piece: string; readonly pieces: string }): string {
  switch (code) {
    case 'NotYourSphere':
      return `not your ${words.piece}`;
    case 'LockedSphere':
      return `locked ${words.piece}`;
    case 'NoLegalDestination':
      return `a ${words.piece} with no legal move`;
    case 'IllegalCaptureLift':
      return 'no such capture';
    case 'IllegalPlacement':
      return 'illegal placement';
    case 'Rolled':
      return `rolled ${words.piece}`;
    case 'TwoSpheresLifted':
      return `two ${words.pieces} lifted`;
    case 'TouchMove':
      return 'touch move';
    case 'UnexpectedSphere':
      return `unexpected ${words.piece}`;
    case 'NotTheComputersMove':
      return "not the computer's move";
  }
}

/**
 * An illegal placement from `from` to `to`, for the reason the rules give: the move is named
 * once (the rules' own text may already name it: "c1 to c4 is not one well forward...").
 */
export function placementReason(from: string, to: string, reason: string): string {
  return reason.startsWith(`${from} to ${to} `) ? reason : `${from} to ${to}: ${reason}`;
}
