/**
 * The pages' WebSockets: one at /ws per page, opened only from a page of this dashboard.
 * Another site's page may not open one with the operator's cookie (cross-site WebSocket
 * hijacking): its Origin is refused with 403 before the upgrade.
 */
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { refusedOrigin } from './origin.ts';

export function acceptPageSockets(http: Server, connected: (ws: WebSocket, req: IncomingMessage) => void): WebSocketServer {
  // Pages only listen: what one sends is never more than a few bytes.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  http.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return socket.destroy();
    const refused = refusedOrigin(req.headers);
    if (refused) {
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refused}\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connected(ws, req));
  });
  return wss;
}
