/**
 * The live web dashboard, served by the referee process: one page for players, spectators
 * and the operator, drawn from the referee's own snapshot and verdicts. It lives across the
 * matches the process referees (a HostService): `attach` when a match begins, `detach` when
 * it ends. Each page has one WebSocket: on connect the match as it stands (snapshot and the
 * verdicts heard so far), then every verdict, link change and notice as the bus says them,
 * and a few times a second the live loads (per-cell loads to operator pages only; the
 * balance meter's margins to every page).
 *
 * Hostile clients are bounded: a page that falls too far behind what it is sent is dropped
 * (page-clients.ts); every POST and the WebSocket upgrade must come from a page of this
 * dashboard (origin.ts); logins are throttled per address and per user (login-throttle.ts);
 * every request field has a bound (src/settings/request-limits.ts), as on MQTT.
 *
 * The server decides nothing: operator actions go to the RefereeControl it is given, sim play
 * to the simulated board's hands (the referee still sees only frames), history to the store.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { HostService } from '../app/host-service.ts';
import type { SessionContext } from '../app/referee-app.ts';
import type { ControlAnswer, RefereeControl } from '../app/referee-control.ts';
import type { LoggedVerdict } from '../app/event-bus.ts';
import { rulesetById } from '../games/registry.ts';
import type { MatchStore } from '../store/index.ts';
import { loadAssets, type WebAssets } from './assets.ts';
import { OperatorSessions, SESSION_COOKIE, clearedCookie, cookieValue, sessionCookie, type WebUser } from './auth.ts';
import { LoginThrottle, type WaitBegun } from './login-throttle.ts';
import { refusedOrigin } from './origin.ts';
import { MAX_BEHIND_BYTES, PageClients, type DroppedPage, type PageClient } from './page-clients.ts';
import { MAX_REQUEST_BYTES, checkRequestFields, type SizeRefusal } from '../settings/request-limits.ts';
import { pageHtml } from './page-html.ts';
import { SENRYAKU_WORDS } from '../rulesets/words.ts';
import type { ApiError, HeardVerdict, MatchInfo, OperatorActionName, ServerMessage, StateMessage } from './protocol.ts';
import { handsOf, parseSimAction, performSimAction, type SimPlay } from './sim-play.ts';

export interface DashboardOptions {
  /** Where to listen; port 0 takes a free one (tests). */
  readonly host: string;
  readonly port: number;
  /** Users of the settings (`mqtt.users`): those with the operator role may log in. */
  readonly users?: readonly WebUser[];
  /** Operator actions; without it the operator page says they are not wired. */
  readonly control?: RefereeControl;
  /** The simulated board's hands: only with it are play controls offered. */
  readonly sim?: SimPlay;
  /** Match history and replay. */
  readonly store?: MatchStore;
  /** How often live loads go to the pages, per second (default 15, at most 1000). */
  readonly loadsHz?: number;
  /** The page's files (default: dist/web, or bundled from the sources). */
  readonly assets?: WebAssets;
  /** How far a page may fall behind what it is sent, bytes, before it is dropped (default 1 MiB). */
  readonly maxBehindBytes?: number;
  /** Where the server says what a person should know (throttled logins, dropped pages): the terminal. */
  readonly notice?: (level: 'info' | 'warn', message: string) => void;
  /** The clock of sessions and login waits (tests). */
  readonly now?: () => number;
}

/** The port is taken, or the address cannot be had: said in one sentence. */
export class DashboardListenError extends Error {
  override readonly name = 'DashboardListenError';
}

/** A dropped page or a throttled login is said at most this often (a flood is one line a minute, with its count). */
const SAY_EVERY_MS = 60_000;

const OPERATOR_ROUTES: Readonly<Record<OperatorActionName, keyof RefereeControl>> = {
  'new-match': 'newMatch',
  'end-by-agreement': 'endGameByAgreement',
  'attribute-interference': 'attributeInterference',
  calibrate: 'startCalibration',
};

export class DashboardServer implements HostService {
  readonly name = 'web-dashboard';
  private http: Server | undefined;
  private wss: WebSocketServer | undefined;
  private assets: WebAssets | undefined;
  private readonly auth: OperatorSessions;
  private readonly throttle: LoginThrottle;
  private readonly clients: PageClients;
  private readonly lastSaid = new Map<string, { ms: number; unsaid: number }>();
  private session: SessionContext | undefined;
  private match: MatchInfo | undefined;
  private heard: HeardVerdict[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastHands = '';
  /** What the composition root may only hand over once the board is open (see provide). */
  private parts: Pick<DashboardOptions, 'control' | 'sim' | 'store'>;

  constructor(private readonly options: DashboardOptions) {
    const now = options.now ?? Date.now;
    this.auth = new OperatorSessions(options.users ?? [], now);
    this.throttle = new LoginThrottle(now);
    this.clients = new PageClients(
      options.maxBehindBytes ?? MAX_BEHIND_BYTES,
      (cookie) => this.auth.roleOf(cookie),
      (d) => this.onDropped(d),
    );
    this.parts = {
      ...(options.control ? { control: options.control } : {}),
      ...(options.sim ? { sim: options.sim } : {}),
      ...(options.store ? { store: options.store } : {}),
    };
  }

  /**
   * The parts that exist only once the board is open and the host built (the referee command
   * starts the server first, so its address is the first thing it says): operator control,
   * sim play, the match store.
   */
  provide(parts: Pick<DashboardOptions, 'control' | 'sim' | 'store'>): void {
    this.parts = { ...this.parts, ...parts };
  }

  /** Pages connected, pages dropped for falling behind, bytes waiting for them, logins refused with a wait. */
  get health(): { pages: number; droppedPages: number; behindBytes: number; loginsRefused: number; loginsWaiting: number } {
    return {
      pages: this.clients.size,
      droppedPages: this.clients.dropped,
      behindBytes: this.clients.behindBytes,
      loginsRefused: this.throttle.refused,
      loginsWaiting: this.throttle.waiting(),
    };
  }

  /** The address it listens on (after start). */
  get url(): string {
    const a = this.http?.address() as AddressInfo | null | undefined;
    if (!a) return '';
    const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
    return `http://${host}:${a.port}/`;
  }

  async start(): Promise<void> {
    this.assets = this.options.assets ?? (await loadAssets());
    const http = createServer((req, res) => void this.handle(req, res));
    const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
    http.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return socket.destroy();
      // Another site's page may not open the socket with the operator's cookie (cross-site WebSocket hijacking).
      const refused = refusedOrigin(req.headers);
      if (refused) {
        socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${refused}\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, req));
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', (e: NodeJS.ErrnoException) =>
        reject(
          new DashboardListenError(
            e.code === 'EADDRINUSE'
              ? `the dashboard cannot listen on ${this.options.host}:${this.options.port}: the port is taken (--http HOST:PORT picks another, --http off turns it off)`
              : `the dashboard cannot listen on ${this.options.host}:${this.options.port}: ${e.code ?? e.message}`,
          ),
        ),
      );
      http.listen(this.options.port, this.options.host, () => resolve());
    });
    this.http = http;
    this.wss = wss;
    const hz = this.options.loadsHz ?? 15;
    this.timer = setInterval(() => this.pushLive(), Math.max(1, Math.round(1000 / hz)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.detach();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.clients.closeAll();
    this.wss?.close();
    this.wss = undefined;
    const http = this.http;
    this.http = undefined;
    this.auth.clear();
    this.throttle.clear();
    if (http) {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  }

  attach(session: SessionContext): void {
    this.detach();
    this.session = session;
    const h = session.header;
    const found = rulesetById(h.ruleset);
    const ruleset = found.ok ? found.value : undefined;
    const players = (h.settings as { players?: { A?: unknown; B?: unknown } }).players;
    this.match = {
      matchId: session.matchId,
      ruleset: h.ruleset,
      rulesetName: ruleset?.name ?? h.ruleset,
      words: ruleset?.words ?? SENRYAKU_WORDS,
      board: ruleset?.board ?? { files: 7, ranks: 6, pivots: true, tilt: true },
      players: { A: typeof players?.A === 'string' ? players.A : 'A', B: typeof players?.B === 'string' ? players.B : 'B' },
      startedAt: h.startedAt,
    };
    // A resumed match's earlier sessions were not heard here: the store has them, if there is one.
    this.heard = (this.parts.store?.verdicts(session.matchId) ?? []).map((v) => ({ seq: v.seq, verdict: v.verdict, heardMs: 0 }));
    session.bus.on('logged', this, (l) => this.onLogged(l));
    session.bus.on('link', this, (link) => {
      this.broadcast({ type: 'link', link });
      this.pushSnapshot();
    });
    session.bus.on('notice', this, (n) => this.broadcast({ type: 'notice', level: n.level, message: n.message }));
    // A journal fault, its fallback or its recovery: said, and the snapshot names the journal written.
    session.bus.on('storage', this, (e) => {
      this.broadcast({ type: 'notice', level: e.kind === 'recovered' ? 'info' : 'warn', message: e.message });
      this.pushSnapshot();
    });
    this.broadcastState();
  }

  detach(): void {
    if (!this.session) return;
    this.session.bus.removeListeners(this);
    this.session = undefined;
    this.match = undefined;
    this.heard = [];
    this.broadcastState();
  }

  private onLogged(l: LoggedVerdict): void {
    // Already had from the store (attached after the match's first verdicts were filed).
    if (this.heard.length > 0 && l.seq <= this.heard[this.heard.length - 1]!.seq) return;
    const heard: HeardVerdict = { seq: l.seq, verdict: l.verdict, heardMs: Date.now() };
    this.heard.push(heard);
    this.broadcast({ type: 'verdict', ...heard });
    this.pushSnapshot();
  }

  private pushSnapshot(): void {
    const snapshot = this.session?.snapshot();
    if (snapshot) this.broadcast({ type: 'snapshot', snapshot });
  }

  private stateFor(cookie: string | undefined): StateMessage {
    const snapshot = this.session?.snapshot();
    return {
      type: 'state',
      role: this.auth.roleOf(cookie),
      sim: this.parts.sim !== undefined,
      control: this.parts.control !== undefined,
      history: this.parts.store !== undefined,
      ...(this.match ? { match: this.match } : {}),
      ...(snapshot ? { snapshot } : {}),
      verdicts: this.heard,
      serverMs: Date.now(),
    };
  }

  private broadcastState(): void {
    for (const c of this.clients) this.clients.sendState(c, encode(this.stateFor(c.cookie)));
  }

  private connected(ws: WebSocket, req: IncomingMessage): void {
    const cookie = req.headers.cookie;
    const client = this.clients.add(ws, cookie, req.socket);
    // Pages only listen: anything they send is ignored.
    this.clients.sendState(client, encode(this.stateFor(cookie)));
    if (this.parts.sim) this.clients.send(client, encode({ type: 'hands', hands: handsOf(this.parts.sim.board) }));
  }

  private broadcast(m: ServerMessage, to?: (c: PageClient) => boolean): void {
    if (this.clients.size === 0) return;
    this.clients.broadcast(encode(m), to);
  }

  private isOperator = (c: PageClient): boolean => this.auth.operatorOf(c.cookie) !== undefined;

  /**
   * At the loads rate: the live loads to operator pages (per-cell loads are theirs, as the
   * README says), the balance meter's margins to the others, the simulator's hands to all.
   */
  private pushLive(): void {
    if (this.clients.size === 0) return;
    const loads = this.session?.liveLoads?.();
    if (loads) {
      this.broadcast({ type: 'loads', loads }, this.isOperator);
      if (loads.tipMargin) this.broadcast({ type: 'balance', tipMargin: loads.tipMargin }, (c) => !this.isOperator(c));
    }
    if (this.parts.sim) {
      const hands = JSON.stringify({ type: 'hands', hands: handsOf(this.parts.sim.board) } satisfies ServerMessage);
      if (hands !== this.lastHands) this.clients.broadcast(Buffer.from(hands));
      this.lastHands = hands;
    }
  }

  private onDropped(d: DroppedPage): void {
    this.say(
      'dropped-page',
      'warn',
      (n) =>
        `dashboard: ${n > 1 ? `${n} pages were` : `a page (${d.role}${d.address ? ` at ${d.address}` : ''}) was`} dropped for falling ${Math.round(d.behindBytes / 1024)} KiB behind what it was sent (it may connect again)`,
    );
  }

  private onLoginWait(w: WaitBegun): void {
    this.say(
      `login ${w.who}`,
      'warn',
      (n) =>
        `dashboard: ${w.failures} failed logins ${w.who === 'address' ? `from ${w.key}` : `as ${JSON.stringify(w.key)}`}: the next must wait ${Math.ceil(w.waitMs / 1000)} s` +
        (n > 1 ? ` (${n} such waits began in the last minute)` : ''),
    );
  }

  /** Said on the terminal and to operator pages, at most once a minute for each kind (a flood says its count). */
  private say(kind: string, level: 'info' | 'warn', text: (count: number) => string): void {
    const now = (this.options.now ?? Date.now)();
    const last = this.lastSaid.get(kind) ?? { ms: -Infinity, unsaid: 0 };
    last.unsaid++;
    this.lastSaid.set(kind, last);
    if (now - last.ms < SAY_EVERY_MS) return;
    const message = text(last.unsaid);
    last.ms = now;
    last.unsaid = 0;
    this.options.notice?.(level, message);
    this.broadcast({ type: 'notice', level, message }, this.isOperator);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await this.route(req, res);
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: (e as Error).message });
      else res.end();
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://dashboard');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const assets = this.assets;
    if (method === 'GET' && (path === '/' || path === '/index.html')) return send(res, 200, 'text/html; charset=utf-8', pageHtml());
    if (method === 'GET' && path === '/app.js' && assets) return send(res, 200, 'text/javascript; charset=utf-8', assets.script);
    if (method === 'GET' && path === '/style.css' && assets) return send(res, 200, 'text/css; charset=utf-8', assets.style);
    if (method === 'GET' && path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    if (method === 'GET' && path === '/api/state') return json(res, 200, this.stateFor(req.headers.cookie));
    if (method === 'GET' && path === '/api/me')
      return json(res, 200, { role: this.auth.roleOf(req.headers.cookie), name: this.auth.operatorOf(req.headers.cookie) ?? null });
    if (method === 'GET' && path === '/api/matches') return this.matches(res);
    const verdicts = /^\/api\/matches\/([^/]+)\/verdicts$/.exec(path);
    if (method === 'GET' && verdicts) return this.matchVerdicts(res, decodeURIComponent(verdicts[1]!));
    if (method !== 'POST') return json(res, path.startsWith('/api/') ? 405 : 404, { error: `no ${method} ${path} here` });

    // Only this dashboard's pages act (the cookie is SameSite=Strict too).
    const refused = refusedOrigin(req.headers);
    if (refused) return json(res, 403, { error: refused, code: 'BadOrigin' } satisfies ApiError);
    // Every POST carries JSON: a form on another site cannot send that.
    if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
      return json(res, 415, { error: 'requests carry a JSON body (Content-Type: application/json)' });
    const request = path.replace(/^\/api\/(operator\/)?/, '').slice(0, 64);
    const body = await readJson(req);
    if (body === TOO_LARGE)
      return json(res, 413, {
        error: `${request}: the request is over ${MAX_REQUEST_BYTES} bytes (TooLarge)`,
        code: 'TooLarge',
        field: 'request',
        max: MAX_REQUEST_BYTES,
      } satisfies ApiError);
    if (body === undefined) return json(res, 400, { error: 'the body is not JSON' });
    const sizes = checkRequestFields(request, body);
    if (!sizes.ok) return json(res, 400, refusalBody(sizes.error));
    if (path === '/api/login') return this.login(req, res, body);
    if (path === '/api/logout') {
      this.auth.logout(cookieValue(req.headers.cookie, SESSION_COOKIE));
      res.setHeader('Set-Cookie', clearedCookie);
      return json(res, 200, { role: 'spectator' });
    }
    const op = /^\/api\/operator\/([a-z-]+)$/.exec(path);
    if (op) return this.operator(req, res, op[1]!, body);
    if (path === '/api/sim') return this.simAction(res, body);
    return json(res, 404, { error: `no POST ${path} here` });
  }

  private async login(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof b.name !== 'string' || typeof b.password !== 'string') return json(res, 400, { error: 'name and password are needed' });
    const address = req.socket.remoteAddress ?? 'unknown';
    const waitMs = this.throttle.waitFor(address, b.name);
    if (waitMs > 0) {
      const retryAfterS = Math.ceil(waitMs / 1000);
      res.setHeader('Retry-After', String(retryAfterS));
      return json(res, 429, {
        error: `too many failed logins: try again in ${retryAfterS} s`,
        code: 'TooManyAttempts',
        retryAfterS,
      } satisfies ApiError);
    }
    const token = await this.auth.login(b.name, b.password);
    if (!token) {
      for (const w of this.throttle.failed(address, b.name)) this.onLoginWait(w);
      return json(res, 401, { error: 'no operator with that name and password' });
    }
    this.throttle.succeeded(address, b.name);
    res.setHeader('Set-Cookie', sessionCookie(token));
    return json(res, 200, { role: 'operator', name: b.name });
  }

  private async operator(req: IncomingMessage, res: ServerResponse, action: string, body: unknown): Promise<void> {
    if (!this.auth.operatorOf(req.headers.cookie)) return json(res, 403, { error: 'operator actions need an operator login' });
    const method = OPERATOR_ROUTES[action as OperatorActionName] as keyof RefereeControl | undefined;
    if (!method) return json(res, 404, { error: `no operator action '${action}'` });
    const control = this.parts.control;
    if (!control) return json(res, 503, { error: 'operator actions are not wired into this referee' });
    const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    const answer: ControlAnswer = await control[method](b);
    return answer.ok ? json(res, 200, { ok: true, ...answer.value }) : json(res, 409, { error: answer.error });
  }

  private async simAction(res: ServerResponse, body: unknown): Promise<void> {
    const sim = this.parts.sim;
    if (!sim) return json(res, 404, { error: 'sim play is offered only on the simulated board (--sim)' });
    const action = parseSimAction(body);
    if (typeof action === 'string') return json(res, 400, { error: action });
    const problem = await performSimAction(sim, action, this.positionToSetUp());
    this.pushLive();
    return problem ? json(res, 409, { error: problem }) : json(res, 200, { ok: true, hands: handsOf(sim.board) });
  }

  /**
   * Where a helper's hands set the pieces out: the referee's position, except between games,
   * when the referee has asked for the next game's setup (which starts from the game's start position).
   */
  private positionToSetUp(): string | undefined {
    const snapshot = this.session?.snapshot();
    if (!snapshot || snapshot.phase === 'setup') return snapshot?.position;
    const lastEnd = this.heard.findLastIndex((h) => h.verdict.type === 'game-over');
    const setupAfter = lastEnd >= 0 && this.heard.slice(lastEnd).some((h) => h.verdict.type === 'setup');
    const ruleset = rulesetById(snapshot.ruleset);
    return setupAfter && ruleset.ok ? ruleset.value.startPosition : snapshot.position;
  }

  private matches(res: ServerResponse): void {
    const store = this.parts.store;
    if (!store) return json(res, 404, { error: 'this referee keeps no match store (--db off)' });
    return json(res, 200, { matches: store.list().slice(0, 100) });
  }

  private matchVerdicts(res: ServerResponse, id: string): void {
    const store = this.parts.store;
    if (!store) return json(res, 404, { error: 'this referee keeps no match store (--db off)' });
    const info = store.info(id);
    if (!info) return json(res, 404, { error: `no match ${id} in the store` });
    return json(res, 200, { match: info, verdicts: store.verdicts(id) });
  }
}

/** One message's bytes, for every page it goes to. */
const encode = (m: ServerMessage): Buffer => Buffer.from(JSON.stringify(m));

const refusalBody = (r: SizeRefusal): ApiError => ({ error: r.message, code: r.code, field: r.field, max: r.max });

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

const TOO_LARGE = Symbol('too large');

/** What a body beyond the bound is read (and thrown away) up to, so the client hears the 413; beyond it the connection is cut. */
const DISCARD_BYTES = 16 << 20;

/** The body's JSON; undefined if it is not JSON; TOO_LARGE beyond MAX_REQUEST_BYTES (the rest is not kept). */
async function readJson(req: IncomingMessage): Promise<unknown> {
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
