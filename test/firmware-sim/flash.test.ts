// npm run firmware:flash builds the avrdude line of hardware/firmware/README.md "Flash";
// a dry run shows it without a board.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, avrdudeArgs, defaultHexPath, standardFirmataHexPath } from '../../src/hardware/avr/index.ts';

describe('firmware:flash', () => {
  it('flashes through the stk500v2 bootloader without erasing EEPROM', () => {
    expect(avrdudeArgs({ port: '/dev/ttyACM0' })).toEqual([
      '-c',
      'wiring',
      '-p',
      'm2560',
      '-P',
      '/dev/ttyACM0',
      '-b',
      '115200',
      '-D',
      '-U',
      `flash:w:${defaultHexPath()}:i`,
    ]);
    expect(avrdudeArgs({ port: '/dev/ttyACM1' }).join(' ')).not.toMatch(/eeprom|-e\b/);
  });

  it('--dry-run prints the command for the board asked', () => {
    const out = execFileSync(
      'npx',
      ['tsx', 'src/hardware/avr/flash-main.ts', '--port', '/dev/ttyACM0', '--board', 'surakarta', '--dry-run'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    expect(out.trim()).toBe(`avrdude -c wiring -p m2560 -P /dev/ttyACM0 -b 115200 -D -U flash:w:${defaultHexPath('surakarta')}:i`);
  });

  it('--scoreboard flashes StandardFirmata onto the Uno through its optiboot', () => {
    expect(avrdudeArgs({ port: '/dev/ttyACM1', target: 'scoreboard' }).join(' ')).toBe(
      `-c arduino -p m328p -P /dev/ttyACM1 -b 115200 -D -U flash:w:${standardFirmataHexPath()}:i`,
    );
    const out = execFileSync('npx', ['tsx', 'src/hardware/avr/flash-main.ts', '--port', '/dev/ttyACM1', '--scoreboard', '--dry-run'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(`avrdude -c arduino -p m328p -P /dev/ttyACM1 -b 115200 -D -U flash:w:${standardFirmataHexPath()}:i`);
  });
});
