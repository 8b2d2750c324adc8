/** The API's plain HTTP answers and request bodies: JSON both ways, bounded as the MQTT requests are. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_REQUEST_BYTES } from '../settings/request-limits.ts';

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

export const TOO_LARGE = Symbol('too large');

/** What a body beyond the bound is read (and thrown away) up to, so the client hears the 413; beyond it the connection is cut. */
const DISCARD_BYTES = 16 << 20;

/** The body's JSON; undefined if it is not JSON; TOO_LARGE beyond MAX_REQUEST_BYTES (the rest is not kept). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > DISCARD_BYTES) {
      req.socket.destroy();
      return TOO_LARGE;
    }
    if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
  }
  if (size > MAX_REQUEST_BYTES) return TOO_LARGE;
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
