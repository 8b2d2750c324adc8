// The MQTT state of a board whose load cell dies mid-game: `sensors` names the blind well and
// the fault while it lasts, holds to the state schema, and empties when the cell works again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqttService } from '../../src/app/mqtt-service.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/telemetry/broker.ts';
import { realScheduler } from '../../src/util/scheduler.ts';
import type { StatePayload } from '../../src/telemetry/topics.ts';
import { skipWithout } from '../system-tools.ts';
import { Rig } from '../web/harness.ts';
import { expectValidPayloads, Sub, until } from './mqtt-tools.ts';

describe.skipIf(skipWithout('mosquitto_sub', 'mosquitto-clients', ['--help']))('MQTT state: sensors', { timeout: 60_000 }, () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, base: 'senryaku', users: [] });
  });
  afterAll(async () => broker?.close());

  it('a dead cell mid-game is in the retained state as a blind well, and leaves it when it works again', async () => {
    const sub = await new Sub(broker.port).start();
    const mqtt = new MqttService(
      {
        settings: { kind: 'external', url: broker.url, ...broker.internal, base: 'senryaku', board: 'b1' },
        scheduler: realScheduler,
        io: { out: () => {}, err: () => {} },
        notice: () => {},
      },
      { boardId: () => undefined },
    );
    const rig = await Rig.start({ position: '7/2B4/2W4/7/7/7 w - -', services: [mqtt] });
    try {
      await rig.until('game-started');
      const states = (): StatePayload[] => sub.on('state').map((m) => JSON.parse(m.payload) as StatePayload);
      await until('a state in play', () => states().some((s) => s.phase === 'play'));
      expect(states().at(-1)!.sensors).toEqual({ blind: [], faults: [] });
      rig.sim.setCellFault(13, { kind: 'dead' }); // g2 (seed 7: its raw 0 reads as less than nothing)
      const blind = await until('g2 blind in the state', () => states().find((s) => s.sensors.blind.includes('g2')));
      expect(blind.sensors.faults).toMatchObject([{ cell: 13, well: 'g2', fault: 'dead', blind: true }]);
      expect(sub.on('verdict').some((m) => m.payload.includes('"sensor-fault"'))).toBe(true);
      rig.sim.setCellFault(13, undefined);
      await until('g2 seen again', () => sub.on('verdict').some((m) => m.payload.includes('"sensor-cleared"')));
      await until('the state says so', () => states().at(-1)!.sensors.blind.length === 0);
      expectValidPayloads(sub.messages);
    } finally {
      await rig.stop();
      sub.stop();
    }
  });
});
