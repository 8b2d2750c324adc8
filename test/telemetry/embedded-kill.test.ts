// The embedded broker runs in a process of its own: a referee killed with kill -9 goes
// `offline` by its last will on it too, as on a broker apart from the referee.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../system-tools.ts';
import { freePort, Sub, until } from './mqtt-tools.ts';

describe.skipIf(skipWithout('mosquitto_sub', 'mosquitto-clients', ['--help']))('the embedded broker', () => {
  it('says the referee is offline by its last will when the referee is killed with kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-embedded-kill-'));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['bin/senryaku.js', 'referee', '--sim', '--autoplay', '--seed', '6', '--board-name', 'killed', '--scoreboard', 'none', '--json']
        .concat(['--mqtt-listen', `127.0.0.1:${port}`, '--db', 'off'])
        .concat(['--journal-dir', join(dir, 'journal'), '--calibration-dir', join(dir, 'cal')]),
      { stdio: 'ignore' },
    );
    let sub: Sub | undefined;
    try {
      // The broker listens once the board is calibrated and open: mosquitto_sub tries until it does.
      sub = await new Sub(port, [], 'senryaku/killed/#').start(30_000);
      await until('online', () => sub!.on('availability').some((m) => m.payload === 'online'), 15_000);
      await until('a verdict', () => sub!.on('verdict').length > 0, 10_000);
    } finally {
      child.kill('SIGKILL');
    }
    await until('offline from the last will', () => sub.on('availability').at(-1)?.payload === 'offline', 5000);
    sub.stop();
    expect(sub.on('availability').at(-1)?.payload).toBe('offline');
  }, 60_000);
});
