/**
 * What a line of the engine protocol can be wrong with: a code for programs, a message for
 * people (the engine says both back as `info string error <Code>: <message>`).
 */
export const PROTOCOL_CODES = [
  // A client's command:
  'EmptyLine',
  'UnknownCommand',
  'BadArguments',
  'MissingValue',
  'BadNumber',
  'UnknownLimit',
  // An engine's reply:
  'UnknownReply',
  'BadReply',
] as const;
export type ProtocolCode = (typeof PROTOCOL_CODES)[number];

export interface ProtocolProblem {
  readonly code: ProtocolCode;
  readonly message: string;
}

export const problem = (code: ProtocolCode, message: string): ProtocolProblem => ({ code, message });

/** A line as the protocol reads it: tokens separated by any run of white space. */
export const tokensOf = (line: string): string[] => {
  const trimmed = line.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
};

/** A whole number from `min` up, as the protocol writes numbers (digits only, no sign unless `signed`). */
export function wholeNumber(text: string | undefined, min: number, signed = false): number | undefined {
  if (text === undefined || !(signed ? /^-?\d+$/ : /^\d+$/).test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min ? n : undefined;
}
