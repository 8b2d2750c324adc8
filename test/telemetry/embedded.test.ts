// The referee on the simulated board with its embedded broker (the CLI in process), read by
// mosquitto_sub, a real client: every verdict of a match arrives once and in order, exactly
// the verdicts the referee printed; every payload holds to its schema; a subscriber that joins
// mid-game gets the retained state, availability and bridge state at once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { main } from '../../src/cli/main.ts';
import { skipWithout } from '../system-tools.ts';
import { expectValidPayloads, freePort, publishRequest, simSettingsFile, Sub, until } from './mqtt-tools.ts';
import { saidVerdict } from '../said.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

const calibrationDir = join(mkdtempSync(join(tmpdir(), 'mqtt-cal-')), 'cal');

describe.skipIf(skipWithout('mosquitto_sub', 'mosquitto-clients', ['--help']))('the embedded broker', () => {
  it('carries every verdict in order to mosquitto_sub, and the retained state to a late subscriber', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'mqtt-embedded-'));
    const config = await simSettingsFile(
      dir,
      port,
      ['board: { sim: true, seed: 1 }'],
      [{ name: 'desk', role: 'operator', password: 'pw' }],
    );
    // Calibrated beforehand, so that the broker listens as soon as the referee starts (on a
    // busy machine the calibration alone took longer than mosquitto_sub was given to connect).
    const calibrated = await calibrateSimulatedBoard({ seed: 1, store: new CalibrationStore(join(dir, 'cal')) });
    expect(calibrated.ok).toBe(true);
    const out: string[] = [];
    const err: string[] = [];
    const sub = new Sub(port);
    onTestFinished(() => sub.stop()); // whatever the test found
    // mosquitto_sub can only subscribe once the broker listens, by when the first match may
    // have begun: the match read whole is the next one, which the operator asks for once
    // mosquitto_sub is in. Without --stay the process ends with that match's one game.
    const argv = ['referee', '--config', config, '--autoplay', '--speed', '4', '--games', '1', '--json'];
    const run = main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    await until('the referee to say its broker listens', () => err.some((l) => l.includes(`MQTT broker on mqtt://127.0.0.1:${port}`)));
    await sub.start();
    const first = await until('the first match', () => sub.on('match')[0]);
    const firstMatch = (JSON.parse(first.payload) as { matchId: string }).matchId;
    const asked = await publishRequest(port, ['desk', 'pw'], 'new_match', { transaction: 'm2', force: true, games: 1 });
    expect(asked).toBe(0);
    const answer = await until('the answer', () => sub.on('bridge/response/new_match')[0]);
    const { data } = JSON.parse(answer.payload) as { data: { matchId: string } };
    expect(data.matchId).not.toBe(firstMatch);
    const ofMatch = () => sub.on('verdict').filter((m) => (JSON.parse(m.payload) as { matchId: string }).matchId === data.matchId);
    // Mid-game, a second client joins: only what the broker retained (a live verdict may come
    // in between: MQTT does not order retained messages before live ones).
    await until('the 20th verdict', () => ofMatch().length >= 20);
    const late = await new Sub(port, ['--retained-only']).start();
    onTestFinished(() => late.stop());
    await until('the retained topics', () => late.messages.length >= 4);
    const retained = late.messages.slice(0, 4).map((m) => m.topic.split('/').slice(-1)[0]);
    expect(new Set(retained)).toEqual(new Set(['state', 'availability', 'match']));
    expect(late.messages.slice(0, 4).some((m) => m.topic === 'senryaku/bridge/state')).toBe(true);
    expect(JSON.parse(late.on('match')[0]!.payload)).toMatchObject({ matchId: data.matchId, ruleset: 'senryaku' });
    expect(late.on('availability')[0]?.payload).toBe('online');

    expect(await run, err.join('\n')).toBe(0);
    await until('availability offline', () => sub.on('availability').some((m) => m.payload === 'offline'));
    sub.stop();
    late.stop();

    // Every verdict of the match once and in order: exactly what the referee printed for it.
    const verdicts = ofMatch().map((m) => JSON.parse(m.payload) as { seq: number; verdict: { type: string } });
    expect(verdicts.map((v) => v.seq)).toEqual(verdicts.map((_, i) => i + 1));
    expect(verdicts.map((v) => v.verdict)).toEqual(out.slice(-verdicts.length).map(saidVerdict));
    expect(verdicts[0]!.verdict.type).toMatch(/^(setup|game-started)$/);
    expect(verdicts.at(-1)!.verdict.type).toBe('game-over');
    // The first match's verdicts went out before the second's, each match's in its own order.
    const matchOrder = sub.on('verdict').map((m) => (JSON.parse(m.payload) as { matchId: string }).matchId);
    expect(matchOrder.indexOf(data.matchId)).toBeGreaterThan(matchOrder.lastIndexOf(firstMatch));
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
