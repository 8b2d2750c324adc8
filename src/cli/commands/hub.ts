/**
 * `senryaku hub --mqtt URL [--db FILE] [--base NAME]`: the tournament hub. Subscribes to every
 * board host's topics on a shared broker, files every board's matches in one match store
 * (src/hub/hub.ts), asks the boards' referees for the verdicts it missed (fetch_verdicts, as a
 * user the broker lets publish it), and prints one line per board, until SIGINT (or SIGTERM).
 * It reconnects by itself, less and less often, saying an outage once rather than each attempt.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { IClientOptions, MqttClient } from 'mqtt';
import { Hub } from '../../hub/hub.ts';
import { resolveStorePath } from '../../app/match-store-path.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';
import { makeDirectories } from '../../platform/make-directories.ts';

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

/** Waits between attempts to reach the broker: soon at first, then less often, never rarer than the last. */
export const HUB_RETRY_MS = [1000, 2000, 4000, 8000, 15_000, 30_000] as const;
/** How often the hub looks for gaps to fetch. */
const FETCH_TICK_MS = 500;

export interface HubHooks {
  /** Subscribed (each time it connects). */
  readonly onReady?: (hub: Hub) => void;
  /** An attempt to reach the broker failed (1, 2, ...). */
  readonly onRetry?: (attempt: number) => void;
  /** The waits between attempts (tests make them short). */
  readonly retryMs?: readonly number[];
  /** Before each attempt to reconnect (a test holds the hub away while the broker goes on). */
  readonly beforeReconnect?: () => Promise<void>;
}

/** The command with its stop signal passed in, so tests can run it in process. */
export async function runHub(args: string[], io: CliIo, stop: AbortSignal, hooks: HubHooks = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, HUB_OPTIONS);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('hub')}`);
  if (values.mqtt === undefined) throw new UsageError(`--mqtt URL is required (mqtt://host:port or mqtts://...); usage: ${usageOf('hub')}`);
  if (!/^mqtts?:\/\/[^/]+/.test(values.mqtt))
    throw new UsageError(`--mqtt must be mqtt://HOST:PORT or mqtts://HOST:PORT, got '${values.mqtt}'`);
  const url = values.mqtt;
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
  // SQLite and MQTT, once the arguments are good.
  const [{ openStore }, { connect }] = await Promise.all([import('../../store/store.ts'), import('mqtt')]);
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
  // It asks the boards for what it missed (fetch_verdicts): anyone may on the embedded broker;
  // on Mosquitto the ACL says who (docs/mqtt.md).
  const hub = new Hub(store, base, { now: () => performance.now() });
  const password = values['mqtt-password'] ?? process.env[HUB_PASSWORD_ENV];
  const options: IClientOptions = {
    // The embedded broker (aedes) speaks MQTT 3.1.1.
    protocolVersion: 4,
    // A persistent session: the broker keeps QoS 1 verdicts for the hub while it is away.
    clientId: `senryaku-hub-${base}`,
    clean: false,
    // The hub retries itself, less and less often (HUB_RETRY_MS), not every second forever.
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...(values['mqtt-user'] !== undefined ? { username: values['mqtt-user'] } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(ca ? { ca } : {}),
  };
  const client: MqttClient = connect(url, options);
  let lastPrinted = '';
  const print = (): void => {
    const text = [...hub.overview(), hub.summary()].join('\n');
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
  const retryMs = hooks.retryMs ?? HUB_RETRY_MS;
  let failures = 0;
  let lastError: Error | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let everConnected = false;
  client.on('error', (e) => (lastError = e));
  client.on('close', () => {
    if (stop.aborted || retryTimer) return;
    failures++;
    const wait = retryMs[Math.min(failures - 1, retryMs.length - 1)]!;
    // Said when an outage begins, and once more when the retries reach their slowest: never a line per attempt.
    if (failures === 1) io.err(`senryaku hub: ${brokerTrouble(url, lastError, everConnected, values['mqtt-user'] !== undefined)}`);
    else if (failures === retryMs.length)
      io.err(`senryaku hub: still no MQTT broker at ${url} after ${failures} attempts; trying every ${seconds(wait)} from now on`);
    lastError = undefined;
    hooks.onRetry?.(failures);
    retryTimer = setTimeout(() => {
      void (hooks.beforeReconnect?.() ?? Promise.resolve()).then(() => {
        retryTimer = undefined;
        if (!stop.aborted) client.reconnect();
      });
    }, wait);
  });
  client.on('connect', () => {
    if (failures > 0) io.err(`senryaku hub: connected to ${url}`);
    failures = 0;
    everConnected = true;
    client.subscribe(hub.subscriptions, { qos: 1 }, (e) => {
      if (e) io.err(`senryaku hub: cannot subscribe: ${e.message}`);
      else hooks.onReady?.(hub);
    });
  });
  const timer = setInterval(print, everyMs);
  const fetcher = setInterval(() => {
    if (!client.connected) return;
    for (const r of hub.fetchesDue()) client.publish(r.topic, r.payload, { qos: 1 });
  }, FETCH_TICK_MS);
  try {
    if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  } finally {
    clearInterval(timer);
    clearInterval(fetcher);
    clearTimeout(retryTimer);
    print();
    await client.endAsync(true);
    store.close();
  }
  return EXIT_OK;
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/** Why the broker cannot be reached, and what to do about it, in one line. */
export function brokerTrouble(url: string, e: Error | undefined, wasConnected: boolean, withUser: boolean): string {
  const code = (e as { code?: unknown } | undefined)?.code;
  const retry = `trying again, less and less often (every ${seconds(HUB_RETRY_MS.at(-1)!)} at most); Ctrl-C stops`;
  if (wasConnected) return `lost the MQTT broker at ${url}${e ? ` (${e.message})` : ''}; ${retry}`;
  if (code === 'ECONNREFUSED')
    return `no MQTT broker at ${url} (connection refused): one must be running there first (Mosquitto, or a senryaku referee, whose embedded broker listens on --mqtt-listen, 127.0.0.1:1883 by default); --mqtt URL names the broker; ${retry}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host of ${url} is not known (${String(code)}): check --mqtt URL; ${retry}`;
  if (code === 4 || code === 5)
    return `the MQTT broker at ${url} refused the hub: ${e!.message} (${withUser ? 'check --mqtt-user and the password' : 'it wants --mqtt-user and a password'}); ${retry}`;
  return `cannot reach the MQTT broker at ${url}${e ? `: ${e.message}` : ''}; ${retry}`;
}
