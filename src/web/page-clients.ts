/**
 * The dashboard's pages on their WebSockets, each with a bounded backlog. What a page has
 * not yet taken waits in the process (ws's queue and the socket's, `bufferedAmount`, beyond
 * what the kernel holds); a page that falls behind by more than its allowance (the bound,
 * plus the last whole state it was sent, which a page on a long match may take a while to
 * read) is dropped: closed with CLOSE_TOO_FAR_BEHIND and, if it does not take even that
 * within a grace, cut off with a reset, so what it held is given back, the kernel's share
 * too (a plain close would leave the socket waiting with its send buffer full, for a FIN
 * the page never takes). The page connects again and starts
 * from a fresh state. A message goes to every page as one buffer, never a copy per page.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { CLOSE_TOO_FAR_BEHIND, type Role } from './protocol.ts';

/**
 * A page may be this far behind (bytes waiting in the process) before it is dropped: some 50 s
 * of an operator's live loads, many minutes of a spectator's verdicts. Counted per page,
 * though a message's bytes are shared by every page it goes to: 20 pages this far behind hold
 * a few MB; what they cost the RSS is mostly the collector's high-water while they fill
 * (bench:slow-clients: the same with half this bound).
 */
export const MAX_BEHIND_BYTES = 1 << 20;
/** How long a dropped page has to take its close before it is cut off. */
const CLOSE_GRACE_MS = 2000;

export interface PageClient {
  readonly ws: WebSocket;
  /** The request's Cookie header: whose page it is (an operator's session, or a spectator's). */
  readonly cookie: string | undefined;
  readonly address: string | undefined;
  /** The upgraded connection under the WebSocket. */
  readonly socket: Socket;
  allowance: number;
}

export interface DroppedPage {
  readonly role: Role;
  readonly behindBytes: number;
  readonly address: string | undefined;
}

export class PageClients {
  private readonly clients = new Map<WebSocket, PageClient>();
  /** Pages dropped for falling behind, since start. */
  dropped = 0;

  constructor(
    private readonly maxBehindBytes: number,
    private readonly roleOf: (cookie: string | undefined) => Role,
    private readonly onDrop: (d: DroppedPage) => void,
  ) {}

  get size(): number {
    return this.clients.size;
  }

  /** Bytes waiting for all pages now. */
  get behindBytes(): number {
    let n = 0;
    for (const ws of this.clients.keys()) n += ws.bufferedAmount;
    return n;
  }

  add(ws: WebSocket, cookie: string | undefined, socket: Socket): PageClient {
    const client: PageClient = { ws, cookie, address: socket.remoteAddress, socket, allowance: this.maxBehindBytes };
    this.clients.set(ws, client);
    const gone = (): void => void this.clients.delete(ws);
    ws.on('close', gone);
    ws.on('error', gone);
    return client;
  }

  *[Symbol.iterator](): IterableIterator<PageClient> {
    yield* this.clients.values();
  }

  /** A whole state, which a page may take a while to read: its allowance grows by the state's size. */
  sendState(client: PageClient, data: Buffer): void {
    if (this.send(client, data)) client.allowance = this.maxBehindBytes + data.length;
  }

  /** Sends unless the page is too far behind, which drops it; true if sent. */
  send(client: PageClient, data: Buffer): boolean {
    const { ws } = client;
    if (ws.readyState !== ws.OPEN) return false;
    const behind = ws.bufferedAmount;
    if (behind > client.allowance) {
      this.drop(client, behind);
      return false;
    }
    ws.send(data, { binary: false });
    return true;
  }

  /** To every page (or those the filter picks). */
  broadcast(data: Buffer, to: (c: PageClient) => boolean = () => true): void {
    for (const c of this.clients.values()) if (to(c)) this.send(c, data);
  }

  closeAll(): void {
    for (const ws of this.clients.keys()) ws.terminate();
    this.clients.clear();
  }

  private drop(client: PageClient, behindBytes: number): void {
    const { ws } = client;
    this.clients.delete(ws);
    this.dropped++;
    this.onDrop({ role: this.roleOf(client.cookie), behindBytes, address: client.address });
    ws.close(CLOSE_TOO_FAR_BEHIND, 'too far behind: connect again for a fresh state');
    const cut = setTimeout(() => client.socket.resetAndDestroy(), CLOSE_GRACE_MS);
    cut.unref();
    ws.once('close', () => clearTimeout(cut));
  }
}
