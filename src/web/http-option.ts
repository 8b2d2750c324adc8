/**
 * `--http HOST:PORT|off` (and the settings' `http`): where the dashboard listens, or that it
 * does not. Default 127.0.0.1:8080: this machine only, as the embedded MQTT broker's default.
 */
import { err, ok, type Result } from '../util/result.ts';

export const DEFAULT_HTTP = '127.0.0.1:8080';

export type HttpListen = { readonly host: string; readonly port: number } | 'off';

export function parseHttpOption(text: string): Result<HttpListen, string> {
  const t = text.trim();
  if (t === 'off') return ok('off');
  const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(t);
  const port = m ? Number(m[2]) : NaN;
  if (!m || !Number.isInteger(port) || port > 65535)
    return err(`--http takes HOST:PORT (e.g. ${DEFAULT_HTTP}, 0.0.0.0:8080) or off, got '${text}'`);
  return ok({ host: m[1]!.replace(/^\[|\]$/g, ''), port });
}

/** The address to print for people: `http://127.0.0.1:8080/` (a wildcard host is said as this machine's loopback). */
export function dashboardUrl(listen: { readonly host: string; readonly port: number }): string {
  const host =
    listen.host === '0.0.0.0' ? '127.0.0.1' : listen.host === '::' ? '[::1]' : listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  return `http://${host}:${listen.port}/`;
}
