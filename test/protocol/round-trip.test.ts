import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBoardMessage,
  formatHostCommand,
  MAX_BOARD_LINE,
  MAX_HOST_LINE,
  parseBoardLine,
  parseHostLine,
} from '../../src/protocol/index.ts';
import { boardMessage, hostCommand } from './arbitraries.ts';
import { canonicalBoardMessage, canonicalHostCommand } from './canonical.ts';

describe('format then parse gives the message back', () => {
  it('board messages', () => {
    fc.assert(
      fc.property(boardMessage, ({ message, cellCount }) => {
        const line = formatBoardMessage(message);
        expect(line.length + 2).toBeLessThanOrEqual(MAX_BOARD_LINE);
        const parsed = parseBoardLine(line, { cellCount });
        expect(parsed.ok && canonicalBoardMessage(parsed.value)).toBe(canonicalBoardMessage(message));
        if (parsed.ok) expect(formatBoardMessage(parsed.value)).toBe(line);
      }),
      { seed: 20261130, numRuns: 2000 },
    );
  });

  it('host commands', () => {
    fc.assert(
      fc.property(hostCommand, (command) => {
        const line = formatHostCommand(command);
        expect(line.length + 2).toBeLessThanOrEqual(MAX_HOST_LINE);
        const parsed = parseHostLine(line);
        expect(parsed.ok && canonicalHostCommand(parsed.value)).toBe(canonicalHostCommand(command));
      }),
      { seed: 20261130, numRuns: 2000 },
    );
  });
});
