/**
 * `senryaku hub --mqtt URL [--db FILE] [--base NAME]`: the tournament hub. Subscribes to every
 * board host's topics on a shared broker, files every board's matches in one match store
 * (src/app/hub.ts), and prints one line per board, until SIGINT (or SIGTERM).
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { Hub } from '../../app/hub.ts';
import { resolveStorePath } from '../../app/match-store-service.ts';
import { openStore } from '../../store/index.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';
import { makeDirectories } from '../../app/make-directories.ts';

const HUB_OPTIONS = {
  mqtt: { type: 'string' },
  db: { type: 'string' },
  base: { type: 'string' },
  'mqtt-user': { type: 'string' },
  'mqtt-password': { type: 'string' },
  'mqtt-ca': { type: 'string' },
  'every-ms': { type: 'string' },
} as const;

/** Where the password comes from when not on the command line (so it stays out of `ps`). */
export const HUB_PASSWORD_ENV = 'SENRYAKU_MQTT_PASSWORD';

export async function hubCommand(args: string[], io: CliIo): Promise<number> {
  const stop = new AbortController();
  const onSignal = (): void => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    return await runHub(args, io, stop.signal);
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}

/** The command with its stop signal passed in, so tests can run it in process. `onReady`: subscribed. */
export async function runHub(args: string[], io: CliIo, stop: AbortSignal, onReady?: (hub: Hub) => void): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, HUB_OPTIONS);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('hub')}`);
  if (values.mqtt === undefined) throw new UsageError(`--mqtt URL is required (mqtt://host:port or mqtts://...); usage: ${usageOf('hub')}`);
  if (!/^mqtts?:\/\/[^/]+/.test(values.mqtt))
    throw new UsageError(`--mqtt must be mqtt://HOST:PORT or mqtts://HOST:PORT, got '${values.mqtt}'`);
  const base = values.base ?? 'senryaku';
  if (base === '' || /[#+/]/.test(base)) throw new UsageError(`--base is one topic level without / # +, got '${base}'`);
  const everyMs = values['every-ms'] === undefined ? 1000 : Number(values['every-ms']);
  if (!Number.isInteger(everyMs) || everyMs < 100)
    throw new UsageError(`--every-ms is a whole number of ms >= 100, got '${values['every-ms']}'`);
  let ca: Buffer | undefined;
  if (values['mqtt-ca'] !== undefined) {
    try {
      ca = readFileSync(values['mqtt-ca']);
    } catch (e) {
      throw new UsageError(`cannot read --mqtt-ca ${values['mqtt-ca']}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }

  const path = resolveStorePath(values.db);
  try {
    makeDirectories(dirname(path));
  } catch (e) {
    io.err(`senryaku hub: cannot create ${dirname(path)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return EXIT_FAILURE;
  }
  const opened = openStore(path);
  if (!opened.ok) {
    io.err(`senryaku hub: ${opened.error.message}`);
    return EXIT_FAILURE;
  }
  const store = opened.value;
  const hub = new Hub(store, base);
  const password = values['mqtt-password'] ?? process.env[HUB_PASSWORD_ENV];
  const options: IClientOptions = {
    // The embedded broker (aedes) speaks MQTT 3.1.1.
    protocolVersion: 4,
    // A persistent session: the broker keeps QoS 1 verdicts for the hub while it is away.
    clientId: `senryaku-hub-${base}`,
    clean: false,
    reconnectPeriod: 1000,
    ...(values['mqtt-user'] !== undefined ? { username: values['mqtt-user'] } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(ca ? { ca } : {}),
  };
  const client: MqttClient = connect(values.mqtt, options);
  let lastPrinted = '';
  const print = (): void => {
    const lines = hub.overview();
    const c = hub.counters;
    const text = [
      ...lines,
      `stored ${c.stored} verdicts (${c.duplicates} again, kept once; ${c.rejected} refused; ${c.waiting} waiting for their match)`,
    ].join('\n');
    if (text === lastPrinted) return;
    lastPrinted = text;
    for (const l of text.split('\n')) io.out(l);
  };
  client.on('message', (topic, payload) => {
    try {
      hub.onMessage(topic, payload);
    } catch (e) {
      io.err(`senryaku hub: ${topic}: ${(e as Error).message}`);
    }
  });
  client.on('error', (e) => io.err(`senryaku hub: ${e.message}`));
  client.on('connect', () => {
    client.subscribe(hub.subscriptions, { qos: 1 }, (e) => {
      if (e) io.err(`senryaku hub: cannot subscribe: ${e.message}`);
      else onReady?.(hub);
    });
  });
  const timer = setInterval(print, everyMs);
  try {
    if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  } finally {
    clearInterval(timer);
    print();
    await client.endAsync();
    store.close();
  }
  return EXIT_OK;
}
