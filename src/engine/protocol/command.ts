/**
 * What a client says to an engine (docs/engine.md), as typed values, and how each is written
 * on the line. `parse-command.ts` reads them back; the two agree on every command.
 */
import type { SearchLimits } from '../types.ts';

/** Where a `position` command starts: the game's start position, or a position in its notation (which may hold spaces). */
export type PositionOrigin = { readonly kind: 'startpos' } | { readonly kind: 'notation'; readonly text: string };

/** `go`'s limits: the search's own, and `infinite`: the best move is said only once the client says `stop`. */
export interface GoLimits extends SearchLimits {
  readonly infinite: boolean;
}

export type EngineCommand =
  | { readonly kind: 'uci' }
  | { readonly kind: 'isready' }
  | { readonly kind: 'ucinewgame' }
  | { readonly kind: 'setoption'; readonly name: string; readonly value: string | undefined }
  | { readonly kind: 'position'; readonly origin: PositionOrigin; readonly moves: readonly string[] }
  | { readonly kind: 'go'; readonly limits: GoLimits }
  | { readonly kind: 'stop' }
  | { readonly kind: 'quit' };

/** The command as one line (without its newline). */
export function formatCommand(command: EngineCommand): string {
  switch (command.kind) {
    case 'setoption':
      return `setoption name ${command.name}${command.value === undefined ? '' : ` value ${command.value}`}`;
    case 'position': {
      const origin = command.origin.kind === 'startpos' ? 'startpos' : command.origin.text;
      return `position ${origin}${command.moves.length > 0 ? ` moves ${command.moves.join(' ')}` : ''}`;
    }
    case 'go': {
      const { depth, nodes, movetimeMs, infinite } = command.limits;
      const parts = ['go'];
      if (depth !== undefined) parts.push(`depth ${depth}`);
      if (nodes !== undefined) parts.push(`nodes ${nodes}`);
      if (movetimeMs !== undefined) parts.push(`movetime ${movetimeMs}`);
      if (infinite) parts.push('infinite');
      return parts.join(' ');
    }
    default:
      return command.kind;
  }
}
