// The referee on the simulated board with its embedded broker (the CLI in process), read by
// mosquitto_sub, a real client: every verdict arrives once and in order, exactly the
// verdicts the referee printed; every payload holds to its schema; a subscriber that joins
// mid-game gets the retained state, availability and bridge state at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { skipWithout } from '../system-tools.ts';
import { expectValidPayloads, freePort, seqs, Sub, until } from './mqtt-tools.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

const calibrationDir = join(mkdtempSync(join(tmpdir(), 'mqtt-cal-')), 'cal');

describe.skipIf(skipWithout('mosquitto_sub', 'mosquitto-clients', ['--help']))('the embedded broker', () => {
  it('carries every verdict in order to mosquitto_sub, and the retained state to a late subscriber', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'mqtt-embedded-'));
    const out: string[] = [];
    const err: string[] = [];
    const sub = new Sub(port);
    const subscribing = sub.start();
    // Paced (4× real time) so that mosquitto_sub, which can only subscribe once the broker
    // listens, is there before the first verdict, a quarter of a second of play later.
    const argv = ['referee', '--sim', '--autoplay', '--speed', '4', '--games', '1', '--json', '--scoreboard', 'none'];
    const run = main(
      [...argv, '--journal-dir', join(dir, 'j'), '--calibration-dir', calibrationDir, '--mqtt-listen', `127.0.0.1:${port}`],
      {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      },
    );
    await subscribing;
    // Mid-game, a second client joins.
    await until('the 20th verdict', () => sub.on('verdict').length >= 20);
    const late = await new Sub(port).start();
    await until('the retained topics', () => late.messages.length >= 4, 5000);
    const retained = late.messages.slice(0, 4).map((m) => m.topic.split('/').slice(-1)[0]);
    expect(new Set(retained)).toEqual(new Set(['state', 'availability', 'match']));
    expect(late.messages.slice(0, 4).some((m) => m.topic === 'senryaku/bridge/state')).toBe(true);
    expect(JSON.parse(late.on('match')[0]!.payload)).toMatchObject({ ruleset: 'senryaku', players: { A: 'A', B: 'B' } });
    expect(late.on('availability')[0]?.payload).toBe('online');

    expect(await run, err.join('\n')).toBe(0);
    await until('availability offline', () => sub.on('availability').some((m) => m.payload === 'offline'), 5000);
    sub.stop();
    late.stop();

    const verdicts = sub.on('verdict').map((m) => JSON.parse(m.payload));
    expect(seqs(sub.on('verdict'))).toEqual(verdicts.map((_, i) => i + 1));
    expect(verdicts.map((v) => v.verdict)).toEqual(out.map((l) => JSON.parse(l)));
    expect(new Set(verdicts.map((v) => v.matchId)).size).toBe(1);
    expect(verdicts.at(-1).verdict.type).toBe('game-over');
    // The last retained state is the game's end; the bridge said it went offline.
    expect(JSON.parse(sub.on('state').at(-1)!.payload).phase).toBe('game-over');
    expect(JSON.parse(sub.on('bridge/state').at(-1)!.payload).state).toBe('offline');
    expectValidPayloads([...sub.messages, ...late.messages]);
  });

  it('says so and referees on without MQTT when the port is taken', async () => {
    const port = await freePort();
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    const dir = mkdtempSync(join(tmpdir(), 'mqtt-taken-'));
    const err: string[] = [];
    const out: string[] = [];
    const argv = ['referee', '--sim', '--autoplay', '--speed', 'max', '--games', '1', '--json', '--scoreboard', 'none'];
    const code = await main(
      [...argv, '--journal-dir', join(dir, 'j'), '--calibration-dir', calibrationDir, '--mqtt-listen', `127.0.0.1:${port}`],
      {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      },
    );
    blocker.close();
    expect(code).toBe(0);
    expect(err.join('\n')).toMatch(new RegExp(`no MQTT broker: 127.0.0.1:${port} is already in use`));
    expect(out.length).toBeGreaterThan(10);
  });
});
