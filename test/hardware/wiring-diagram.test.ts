// The checked-in wiring diagram is the generator's output, and the generator's pins are the
// firmware's (a pin moved in one place and not the other fails here).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOUT_GROUPS, SIGNALS, wiringSvg } from '../../hardware/referee-board/wiring-diagram.ts';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('hardware/referee-board/wiring.svg', () => {
  it('is what wiring-diagram.ts draws (regenerate: npx tsx hardware/referee-board/wiring-diagram.ts --write)', () => {
    expect(read('hardware/referee-board/wiring.svg')).toBe(wiringSvg());
  });

  it('shows the pins of PINMAP.md', () => {
    const pinmap = read('hardware/referee-board/PINMAP.md');
    for (const s of SIGNALS.filter((x) => x.pin !== 'USB')) expect(pinmap).toContain(`| ${s.pin} | ${s.bit.split(' ')[0]}`);
    expect(DOUT_GROUPS.map((g) => g.port.slice(0, 2))).toEqual(['PA', 'PC', 'PL', 'PK', 'PF', 'PH']);
    const pins = read('hardware/firmware/src/pins.h');
    expect(pins).toContain('PA -> cells 0..7, PC -> 8..15, PL -> 16..23, PK -> 24..31');
  });
});
