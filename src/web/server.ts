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
 * It names no game either: what a page needs to draw and word a match's game (its drawing,
 * words, pieces in play) comes from the game's descriptor in the registry (match-info.ts).
 */
import { dashboardUrl } from './http-option.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';
import type { HostService } from '../app/host-service.ts';
import type { SessionContext } from '../app/referee-app.ts';
import type { RefereeControl } from '../app/referee-control.ts';
import type { LoggedVerdict } from '../app/event-bus.ts';
import { BUILT_IN_RULESETS } from '../games/registry.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import type { MatchStore } from '../store/index.ts';
import { loadAssets, type WebAssets } from './assets.ts';
import { OperatorSessions, type WebUser } from './auth.ts';
import { LoginThrottle, type WaitBegun } from './login-throttle.ts';
import { MAX_BEHIND_BYTES, PageClients, type DroppedPage, type PageClient } from './page-clients.ts';
import { json, send } from './http-io.ts';
import { listen } from './listen.ts';
import { acceptPageSockets } from './page-sockets.ts';
import { MatchAnalyses, answerMatchVerdicts, answerMatches } from './history-routes.ts';
import { heardVerdict, matchInfoOf } from './match-info.ts';
import { pageHtml } from './page-html.ts';
import { handlePost, type PostContext } from './post-requests.ts';
import type { HeardVerdict, MatchInfo, ServerMessage, StateMessage, WellLights } from './protocol.ts';
import { pageFiles, sendStatic, type StaticFile } from './static-files.ts';
import { handsOf, positionToSetUp, type SimPlay } from './sim-play.ts';
import { SparseNotices, droppedPageText, loginWaitText } from './sparse-notices.ts';

/** The port is taken, or the address cannot be had (its home is listen.ts). */
export { DashboardListenError } from './listen.ts';

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
  /** The games whose matches it may be told of (default the built-in ones): their descriptors say how to draw them. */
  readonly rulesets?: RulesetRegistry;
  /** How far a page may fall behind what it is sent, bytes, before it is dropped (default 1 MiB). */
  readonly maxBehindBytes?: number;
  /** Where the server says what a person should know (throttled logins, dropped pages): the terminal. */
  readonly notice?: (level: 'info' | 'warn', message: string) => void;
  /** The clock of sessions and login waits (tests). */
  readonly now?: () => number;
}

export class DashboardServer implements HostService {
  readonly name = 'web-dashboard';
  private http: Server | undefined;
  private wss: WebSocketServer | undefined;
  /** The page, its script and its stylesheet, compressed once at start, by path. */
  private files = new Map<string, StaticFile>();
  private readonly auth: OperatorSessions;
  private readonly throttle: LoginThrottle;
  private readonly clients: PageClients;
  private readonly notices: SparseNotices;
  private session: SessionContext | undefined;
  /** The descriptor of the attached match's game (undefined for one this server does not know). */
  private ruleset: Ruleset | undefined;
  private match: MatchInfo | undefined;
  private heard: HeardVerdict[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastHands = '';
  /** What the board's well LEDs show, as the match's lights said last. */
  private lights: WellLights = {};
  /** What the composition root may only hand over once the board is open (see provide). */
  private parts: Pick<DashboardOptions, 'control' | 'sim' | 'store'>;
  private readonly rulesets: RulesetRegistry;
  /** The stored matches' analyses for the history replay, kept while the server runs. */
  private readonly analyses = new MatchAnalyses();

  constructor(private readonly options: DashboardOptions) {
    this.rulesets = options.rulesets ?? BUILT_IN_RULESETS;
    const now = options.now ?? Date.now;
    this.auth = new OperatorSessions(options.users ?? [], now);
    this.throttle = new LoginThrottle(now);
    // Said on the terminal and to operator pages.
    this.notices = new SparseNotices(now, (level, message) => {
      options.notice?.(level, message);
      this.broadcast({ type: 'notice', level, message }, this.isOperator);
    });
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

  /** The address it listens on (after start), as people open it. */
  get url(): string {
    const a = this.http?.address() as AddressInfo | null | undefined;
    // A wildcard address is said as this machine's loopback, which a person can open.
    return a ? dashboardUrl({ host: a.address, port: a.port }) : '';
  }

  async start(): Promise<void> {
    const assets = this.options.assets ?? (await loadAssets());
    this.files = pageFiles(pageHtml(), assets.script, assets.style);
    const http = createServer((req, res) => void this.handle(req, res));
    const wss = acceptPageSockets(http, (ws, req) => this.connected(ws, req));
    await listen(http, this.options.host, this.options.port);
    this.http = http;
    this.wss = wss;
    const hz = this.options.loadsHz ?? 15;
    this.timer = setInterval(() => this.pushLive(), Math.max(1, Math.round(1000 / hz)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.detach();
    this.analyses.stop();
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
    const found = this.rulesets.byId(session.header.ruleset);
    const ruleset = found.ok ? found.value : undefined;
    this.ruleset = ruleset;
    this.match = matchInfoOf(session, this.rulesets);
    this.analyses.boardSeen(session.matchId, session.header.ruleset, session.header.profile);
    // A resumed match's earlier sessions were not heard here: the store has them, if there is one.
    this.heard = (this.parts.store?.verdicts(session.matchId) ?? []).map((v) => heardVerdict(ruleset, v.seq, v.verdict, 0));
    session.bus.on('logged', this, (l) => this.onLogged(l));
    session.bus.on('link', this, (link) => {
      this.broadcast({ type: 'link', link });
      this.pushSnapshot();
    });
    session.bus.on('notice', this, (n) => this.broadcast({ type: 'notice', level: n.level, message: n.message }));
    session.bus.on('lights', this, (l) => {
      this.lights = l.wells;
      this.broadcast({ type: 'lights', wells: l.wells });
    });
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
    this.ruleset = undefined;
    this.match = undefined;
    this.heard = [];
    this.lights = {};
    this.broadcastState();
  }

  private onLogged(l: LoggedVerdict): void {
    // Already had from the store (attached after the match's first verdicts were filed).
    if (this.heard.length > 0 && l.seq <= this.heard[this.heard.length - 1]!.seq) return;
    const heard = heardVerdict(this.ruleset, l.seq, l.verdict, Date.now());
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
      ...(Object.keys(this.lights).length > 0 ? { lights: this.lights } : {}),
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
    this.notices.notice('dropped-page', 'warn', droppedPageText(d));
  }

  private onLoginWait(w: WaitBegun): void {
    this.notices.notice(`login ${w.who}`, 'warn', loginWaitText(w));
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
    const file = this.files.get(path);
    if ((method === 'GET' || method === 'HEAD') && file) return sendStatic(req, res, file);
    if (method === 'GET' && path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    if (method === 'GET' && path === '/api/state') return json(res, 200, this.stateFor(req.headers.cookie));
    if (method === 'GET' && path === '/api/me')
      return json(res, 200, { role: this.auth.roleOf(req.headers.cookie), name: this.auth.operatorOf(req.headers.cookie) ?? null });
    if (method === 'GET' && path === '/api/matches') return answerMatches(res, this.parts.store);
    const verdicts = /^\/api\/matches\/([^/]+)\/verdicts$/.exec(path);
    if (method === 'GET' && verdicts) return answerMatchVerdicts(res, this.parts.store, this.rulesets, decodeURIComponent(verdicts[1]!));
    const analysis = /^\/api\/matches\/([^/]+)\/analysis$/.exec(path);
    if (method === 'GET' && analysis) return this.analyses.answer(res, this.parts.store, this.rulesets, decodeURIComponent(analysis[1]!));
    if (method !== 'POST') return json(res, path.startsWith('/api/') ? 405 : 404, { error: `no ${method} ${path} here` });
    return handlePost(this.postContext(), req, res, path);
  }

  private postContext(): PostContext {
    return {
      auth: this.auth,
      throttle: this.throttle,
      control: this.parts.control,
      sim: this.parts.sim,
      positionToSetUp: () => positionToSetUp(this.session?.snapshot(), this.heard, this.ruleset?.startPosition),
      simActed: () => this.pushLive(),
      loginWait: (w) => this.onLoginWait(w),
    };
  }
}

/** One message's bytes, for every page it goes to. */
const encode = (m: ServerMessage): Buffer => Buffer.from(JSON.stringify(m));
