// The MQTT options of `senryaku referee`, checked before anything is opened; the verdict
// queue's order and bound.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/io.ts';
import { parseListen, parseMqttOptions } from '../../src/cli/mqtt-options.ts';
import { mayPublish } from '../../src/telemetry/broker.ts';
import { VerdictQueue } from '../../src/telemetry/verdict-queue.ts';

describe('MQTT options', () => {
  it('run the embedded broker on 127.0.0.1:1883 unless told otherwise', () => {
    expect(parseMqttOptions({}, {})).toEqual({ kind: 'embedded', host: '127.0.0.1', port: 1883, base: 'senryaku' });
    expect(parseMqttOptions({}, { SENRYAKU_MQTT_LISTEN: 'off' })).toEqual({ kind: 'off' });
    expect(parseMqttOptions({ 'mqtt-listen': '0.0.0.0:1884', 'board-name': 'club-1', 'mqtt-base': 'home/senryaku' }, {})).toEqual({
      kind: 'embedded',
      host: '0.0.0.0',
      port: 1884,
      base: 'home/senryaku',
      board: 'club-1',
    });
    expect(parseListen('[::1]:1883')).toEqual({ host: '::1', port: 1883 });
    expect(parseListen('localhost')).toBeUndefined();
    expect(parseListen('h:70000')).toBeUndefined();
  });

  it('take an external broker with credentials and a CA file', () => {
    const ca = join(mkdtempSync(join(tmpdir(), 'mqtt-ca-')), 'ca.pem');
    writeFileSync(ca, 'PEM');
    const plan = parseMqttOptions({ mqtt: 'mqtts://hub:8883', 'mqtt-user': 'ref', 'mqtt-ca': ca }, { SENRYAKU_MQTT_PASSWORD: 'pw' });
    expect(plan).toMatchObject({ kind: 'external', url: 'mqtts://hub:8883', username: 'ref', password: 'pw', base: 'senryaku' });
    expect(plan.kind === 'external' && plan.ca?.toString()).toBe('PEM');
  });

  it.each([
    [{ 'mqtt-listen': 'nowhere' }, /HOST:PORT or off/],
    [{ mqtt: 'http://hub' }, /mqtt:\/\/ or mqtts:\/\//],
    [{ mqtt: 'not a url' }, /must be a URL/],
    [{ 'mqtt-user': 'u' }, /goes with --mqtt URL/],
    [{ mqtt: 'mqtt://hub', 'mqtt-password': 'p' }, /goes with --mqtt-user/],
    [{ mqtt: 'mqtt://hub', 'mqtt-listen': '127.0.0.1:1' }, /does not go with it/],
    [{ mqtt: 'mqtt://hub', 'mqtt-user': 'u', 'mqtt-ca': '/no/such/ca.pem' }, /ENOENT/],
    [{ 'board-name': 'a/b' }, /one topic level/],
    [{ 'mqtt-base': 'senryaku/#' }, /without wildcards/],
  ])('refuse %j', (values, message) => {
    expect(() => parseMqttOptions(values, {})).toThrow(UsageError);
    expect(() => parseMqttOptions(values, {})).toThrow(message);
  });
});

describe('the verdict queue', () => {
  const v = (seq: number) => ({ matchId: 'm', seq, verdict: { type: 'notice' as const, message: '', atMs: seq } });

  it('hands out one verdict at a time, in order, and drops the oldest waiting one beyond its bound', () => {
    const q = new VerdictQueue(3);
    q.push(v(1));
    expect(q.take()?.seq).toBe(1);
    expect(q.take()).toBeUndefined(); // one in flight
    for (const s of [2, 3, 4, 5]) q.push(v(s));
    // 1 is in flight and stays; 2 and 3 went.
    expect(q.dropped).toBe(2);
    q.acked();
    expect([q.take()?.seq, (q.acked(), q.take())?.seq]).toEqual([4, 5]);
    q.failed();
    expect(q.take()?.seq).toBe(5); // sent again
  });
});

describe('the embedded broker rules', () => {
  it.each([
    ['internal', 'senryaku/b/verdict', true],
    ['internal', 'senryaku/bridge/request/new_match', false],
    ['internal', 'other/topic', false],
    ['operator', 'senryaku/bridge/request/end_game_by_agreement', true],
    ['operator', 'senryaku/b/state', false],
    ['viewer', 'senryaku/bridge/request/end_game_by_agreement', false],
    ['viewer', 'senryaku/bridge/request/fetch_verdicts', true],
    ['anonymous', 'senryaku/bridge/request/fetch_verdicts', true],
    ['anonymous', 'senryaku/bridge/request/new_match', false],
    ['hub', 'senryaku/bridge/request/fetch_verdicts', true],
    ['hub', 'senryaku/bridge/request/end_game_by_agreement', false],
    ['hub', 'senryaku/b/verdict', false],
    ['operator', 'senryaku/bridge/request/fetch_verdicts', true],
    ['anonymous', 'anything', false],
  ] as const)('%s publishing on %s: %s', (who, topic, allowed) => {
    expect(mayPublish(who, topic, 'senryaku')).toBe(allowed);
  });
});
