/**
 * What an engine says to its client (docs/engine.md), as typed values, and how each is
 * written on the line. `parse-reply.ts` reads them back (the client's side).
 */
import type { Score } from '../types.ts';

export const ID_FIELDS = ['name', 'author', 'rules'] as const;
export type IdField = (typeof ID_FIELDS)[number];

/** UCI's option types; this engine declares spins only, a client reads any. */
export const OPTION_TYPES = ['check', 'spin', 'combo', 'button', 'string'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

export interface OptionSpec {
  readonly name: string;
  readonly type: OptionType;
  readonly default?: string;
  readonly min?: number;
  readonly max?: number;
  /** A combo's choices. */
  readonly vars?: readonly string[];
}

/** One `info` line: each field is there only when the engine said it. */
export interface InfoReply {
  readonly depth?: number;
  readonly seldepth?: number;
  readonly score?: Score;
  readonly nodes?: number;
  readonly nps?: number;
  readonly timeMs?: number;
  /** The principal variation, in the game's move notation. */
  readonly pv?: readonly string[];
  /** Free text (`info string ...`): always last on its line. */
  readonly text?: string;
}

export type EngineReply =
  | { readonly kind: 'id'; readonly field: IdField; readonly value: string }
  | { readonly kind: 'option'; readonly option: OptionSpec }
  | { readonly kind: 'uciok' }
  | { readonly kind: 'readyok' }
  | { readonly kind: 'info'; readonly info: InfoReply }
  /** `move` undefined: `bestmove (none)`, the side to move has no move. */
  | { readonly kind: 'bestmove'; readonly move: string | undefined; readonly ponder?: string };

/** What `bestmove` says when there is no move. */
export const NO_MOVE = '(none)';

/** The reply as one line (without its newline). */
export function formatReply(reply: EngineReply): string {
  switch (reply.kind) {
    case 'id':
      return `id ${reply.field} ${reply.value}`;
    case 'option':
      return formatOption(reply.option);
    case 'info':
      return formatInfo(reply.info);
    case 'bestmove':
      return `bestmove ${reply.move ?? NO_MOVE}${reply.ponder === undefined ? '' : ` ponder ${reply.ponder}`}`;
    default:
      return reply.kind;
  }
}

function formatOption(o: OptionSpec): string {
  const parts = [`option name ${o.name} type ${o.type}`];
  if (o.default !== undefined) parts.push(`default ${o.default === '' ? '<empty>' : o.default}`);
  if (o.min !== undefined) parts.push(`min ${o.min}`);
  if (o.max !== undefined) parts.push(`max ${o.max}`);
  for (const v of o.vars ?? []) parts.push(`var ${v}`);
  return parts.join(' ');
}

/** The fields in UCI's usual order; `pv` and `string` run to the end of the line, so they go last. */
function formatInfo(info: InfoReply): string {
  const parts = ['info'];
  if (info.depth !== undefined) parts.push(`depth ${info.depth}`);
  if (info.seldepth !== undefined) parts.push(`seldepth ${info.seldepth}`);
  if (info.score !== undefined) parts.push(info.score.kind === 'cp' ? `score cp ${info.score.value}` : `score mate ${info.score.moves}`);
  if (info.nodes !== undefined) parts.push(`nodes ${info.nodes}`);
  if (info.nps !== undefined) parts.push(`nps ${info.nps}`);
  if (info.timeMs !== undefined) parts.push(`time ${info.timeMs}`);
  if (info.pv !== undefined && info.pv.length > 0) parts.push(`pv ${info.pv.join(' ')}`);
  if (info.text !== undefined) parts.push(`string ${info.text}`);
  return parts.join(' ');
}
