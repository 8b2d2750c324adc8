/**
 * The MQTT options of `senryaku referee`: an embedded broker by default
 * (`--mqtt-listen HOST:PORT|off`, default 127.0.0.1:1883, or $SENRYAKU_MQTT_LISTEN), or an
 * external broker (`--mqtt URL` with `--mqtt-user`, `--mqtt-password` or
 * $SENRYAKU_MQTT_PASSWORD, `--mqtt-ca FILE`); `--mqtt-base` and `--board-name` name the
 * topics. Read and checked here, before anything is started; src/app/mqtt-broker-service.ts
 * and mqtt-service.ts run them.
 */
import { readFileSync } from 'node:fs';
import type { MqttPlan } from '../app/mqtt-service.ts';
import { DEFAULT_BASE, validTopicLevel } from '../telemetry/topics.ts';
import { UsageError } from './io.ts';

export type { MqttPlan } from '../app/mqtt-service.ts';

export const MQTT_OPTION_SPECS = {
  mqtt: { type: 'string' },
  'mqtt-listen': { type: 'string' },
  'mqtt-user': { type: 'string' },
  'mqtt-password': { type: 'string' },
  'mqtt-ca': { type: 'string' },
  'mqtt-base': { type: 'string' },
  'board-name': { type: 'string' },
} as const;

type MqttValues = { readonly [K in keyof typeof MQTT_OPTION_SPECS]?: string };

/** `HOST:PORT` (`[::1]:1883` for IPv6), or undefined when it is not one. */
export function parseListen(text: string): { host: string; port: number } | undefined {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || !(port >= 0 && port <= 65535)) return undefined;
  return { host: (m[1] ?? m[2])!, port };
}

/** Checks the options before anything is opened; bad ones are usage errors. */
export function parseMqttOptions(values: MqttValues, env: NodeJS.ProcessEnv = process.env): MqttPlan {
  const base = values['mqtt-base'] ?? DEFAULT_BASE;
  if (!base.split('/').every(validTopicLevel)) throw new UsageError(`--mqtt-base '${base}' is not a topic without wildcards`);
  const board = values['board-name'];
  if (board !== undefined && !validTopicLevel(board)) throw new UsageError(`--board-name '${board}' must be one topic level (no / + #)`);
  const named = board !== undefined ? { base, board } : { base };
  if (values.mqtt === undefined) {
    for (const flag of ['mqtt-user', 'mqtt-password', 'mqtt-ca'] as const)
      if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --mqtt URL (an external broker)`);
    const listen = values['mqtt-listen'] ?? env.SENRYAKU_MQTT_LISTEN ?? '127.0.0.1:1883';
    if (listen === 'off') return { kind: 'off' };
    const at = parseListen(listen);
    if (!at) throw new UsageError(`--mqtt-listen must be HOST:PORT or off, got '${listen}'`);
    return { kind: 'embedded', ...at, ...named };
  }
  if (values['mqtt-listen'] !== undefined && values['mqtt-listen'] !== 'off')
    throw new UsageError('--mqtt publishes to an external broker: --mqtt-listen does not go with it');
  let url: URL;
  try {
    url = new URL(values.mqtt);
  } catch {
    throw new UsageError(`--mqtt must be a URL like mqtt://host:1883 or mqtts://host:8883, got '${values.mqtt}'`);
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:')
    throw new UsageError(`--mqtt must be an mqtt:// or mqtts:// URL, got '${values.mqtt}'`);
  const password = values['mqtt-password'] ?? env.SENRYAKU_MQTT_PASSWORD;
  if (password !== undefined && values['mqtt-user'] === undefined) throw new UsageError('a broker password goes with --mqtt-user');
  let ca: Buffer | undefined;
  if (values['mqtt-ca'] !== undefined) {
    try {
      ca = readFileSync(values['mqtt-ca']);
    } catch (e) {
      throw new UsageError(`--mqtt-ca ${values['mqtt-ca']}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  return {
    kind: 'external',
    url: values.mqtt,
    ...(values['mqtt-user'] !== undefined ? { username: values['mqtt-user'] } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(ca ? { ca } : {}),
    ...named,
  };
}
