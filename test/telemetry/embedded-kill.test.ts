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
      // The broker listens once the child has started and its board is calibrated and open (tens of
      // seconds on a busy machine): mosquitto_sub tries until it does.
      sub = await new Sub(port, [], 'senryaku/killed/#').start(120_000);
      await until('online', () => sub!.on('availability').some((m) => m.payload === 'online'));
      await until('a verdict', () => sub!.on('verdict').length > 0);
    } finally {
      child.kill('SIGKILL');
    }
    await until('offline from the last will', () => sub.on('availability').at(-1)?.payload === 'offline');
    sub.stop();
    expect(sub.on('availability').at(-1)?.payload).toBe('offline');
  }, 240_000);
});

describe.skipIf(skipWithout('mosquitto_sub', 'mosquitto-clients', ['--help']))('the embedded broker on Ctrl-C', () => {
  it('outlives the SIGINT a terminal sends the whole process group: the referee stops in order, offline, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-embedded-int-'));
    const port = await freePort();
    // Its own process group, as a terminal's foreground job: Ctrl-C signals the referee and its broker alike.
    const child = spawn(
      process.execPath,
      ['bin/senryaku.js', 'referee', '--sim', '--autoplay', '--seed', '6', '--board-name', 'ctrlc', '--scoreboard', 'none', '--json']
        .concat(['--mqtt-listen', `127.0.0.1:${port}`, '--db', 'off', '--http', 'off'])
        .concat(['--journal-dir', join(dir, 'journal'), '--calibration-dir', join(dir, 'cal')]),
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const sub = await new Sub(port, [], 'senryaku/ctrlc/#').start(120_000);
    try {
      await until('a verdict', () => sub.on('verdict').length > 0);
      process.kill(-child.pid!, 'SIGINT');
      expect(await exited, stderr).toBe(0);
      expect(stderr).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|Unhandled/);
      await until('offline', () => sub.on('availability').at(-1)?.payload === 'offline');
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      sub.stop();
    }
  }, 240_000);
});
