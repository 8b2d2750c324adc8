/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The dashboard page: one WebSocket to the referee process, a state built only from what it
 * says (the match with its game's drawing and words, the snapshot, the verdicts, link health,
 * live loads, the simulator's hands), and plain DOM and SVG drawn from that state. The page
 * knows no game: the board is drawn from the drawing the server sends, and the words are the
 * game's. On the simulated board a visitor plays by clicking (sim-controls.ts).
 */
import type { Verdict } from '../../referee/verdicts.ts';
import type { ServerMessage } from '../protocol.ts';
import { drawBoard, moveWells } from './board.ts';
import { byId, h, sideName, wallMs } from './dom.ts';
import { layout } from './layout.ts';
import { moveList } from './move-list.ts';
import { healthPanel, operatorPanel } from './operator.ts';
import { balancePanel, foulPanel, movesPanel, scoreboardOf, scoreboardPanel, sensorsPanel, turnPanel, verdictItem } from './panels.ts';
import { sideLabel } from './sides.ts';
import { cellClicked, renderSim, status, type SimHooks } from './sim-controls.ts';
import { newPageState, type Probe } from './state.ts';

const probe: Probe = { connected: false, verdicts: 0, timings: [] };
(window as unknown as { __dashboard: Probe }).__dashboard = probe;

const state = newPageState();
const sim: SimHooks = { state, redrawBoard: () => renderBoard() };

let socket: WebSocket | undefined;
/** A socket has been open: after that, a closed one is reconnecting. */
let socketOpened = false;
/** The socket has said something: a state asked for over HTTP and answered later is older than what the page has. */
let socketSpoke = false;

const verdictsOfGame = (): Verdict[] => {
  const all = state.heard.map((x) => x.verdict);
  let start = 0;
  all.forEach((v, i) => {
    if (v.type === 'game-started') start = i;
  });
  return all.slice(start);
};

function boardFacts(): {
  last?: { from: string; to: string };
  lifted?: string;
  crash?: string;
  lastMove?: Extract<Verdict, { type: 'move' }>;
} {
  let lifted: string | undefined;
  let crash: string | undefined;
  const game = verdictsOfGame();
  for (const v of game) {
    if (v.type === 'move' || v.type === 'takeback') lifted = undefined;
    else if (v.type === 'lifted') lifted = v.well;
    else if (v.type === 'foul' || v.type === 'restored' || v.type === 'touch-move') lifted = undefined;
    else if (v.type === 'board-tipped' || v.type === 'crash') crash = v.toward;
  }
  // The last move that stands: a takeback's moves are no longer the game's.
  const lastMove = moveList(game)
    .filter((v) => v.type === 'move')
    .at(-1);
  const last = lastMove ? moveWells(lastMove.move) : undefined;
  return { ...(last ? { last } : {}), ...(lifted ? { lifted } : {}), ...(crash ? { crash } : {}), ...(lastMove ? { lastMove } : {}) };
}

function renderBoard(): void {
  const wrap = byId('board');
  const m = state.match;
  if (!m) {
    wrap.replaceChildren(h('p', { class: 'muted' }, 'Waiting for a match to begin…'));
    return;
  }
  if (!m.drawing) {
    wrap.replaceChildren(h('p', { class: 'muted' }, `This referee cannot draw a board of ${m.rulesetName}.`));
    return;
  }
  const position = state.snapshot?.position ?? '';
  const facts = boardFacts();
  // The simulated board's own LEDs where the page has its hands; else what the board acknowledged.
  const lights = (state.sim ? state.hands?.lit : undefined) ?? state.lights;
  const focused = document.activeElement?.getAttribute('data-well');
  wrap.replaceChildren(
    drawBoard({
      drawing: m.drawing,
      words: m.words,
      position,
      ...(state.sim && state.hands ? { physical: state.hands.board } : {}),
      ...(facts.last ? { lastMove: facts.last } : {}),
      restore: state.snapshot?.pendingFoul?.restore.flatMap((r) => (r.from ? [r.well, r.from] : [r.well])) ?? [],
      ...(facts.lifted ? { lifted: facts.lifted } : {}),
      ...(state.selected ? { selected: state.selected } : {}),
      ...(facts.crash ? { crash: sideName(facts.crash) } : {}),
      blind: state.snapshot?.sensors.blind ?? [],
      ...(lights ? { lights } : {}),
      interactive: state.sim,
    }),
  );
  if (focused) wrap.querySelector<SVGElement>(`[data-well="${focused}"]`)?.focus();
  if (probe.boardDrawnAt === undefined && position) probe.boardDrawnAt = performance.now();
}

function renderPanels(): void {
  const m = state.match;
  byId('match-title').textContent = m ? `${m.rulesetName} · ${m.players.A} v ${m.players.B}` : 'no match';
  byId('turn').replaceChildren(turnPanel(m, state.snapshot));
  byId('scoreboard').replaceChildren(scoreboardPanel(m, scoreboardOf(state.snapshot, state.heard)));
  const facts = boardFacts();
  const foul = [...state.heard].reverse().find((x) => x.verdict.type === 'foul')?.verdict as Extract<Verdict, { type: 'foul' }> | undefined;
  const fp = foulPanel(state.snapshot, foul, state.match);
  byId('foul-slot').replaceChildren(...(fp ? [fp] : []));
  const sp = sensorsPanel(state.snapshot, state.match);
  byId('sensors-slot').replaceChildren(...(sp ? [sp] : []));
  byId('last-move').textContent = facts.lastMove ? `${sideLabel(m, facts.lastMove.side)} ${facts.lastMove.move}` : '—';
  renderMoves();
  renderBalance();
}

/** The move list, redrawn: scrolled to its end (the latest move) unless the reader has scrolled up to an earlier one. */
function renderMoves(): void {
  const before = document.getElementById('moves');
  const atEnd = !before || before.scrollTop + before.clientHeight >= before.scrollHeight - 4;
  const list = movesPanel(state.heard, state.match);
  byId('moves-wrap').replaceChildren(list);
  list.scrollTop = atEnd ? list.scrollHeight : (before?.scrollTop ?? 0);
}

function renderBalance(): void {
  const section = byId('balance-section');
  section.hidden = !state.match?.board.pivots;
  if (section.hidden) return;
  const facts = boardFacts();
  const live = state.loads?.tipMargin ?? state.tipMargin;
  const margins = live ?? facts.lastMove?.balance?.tipMargin;
  byId('balance').replaceChildren(balancePanel(margins, live !== undefined, facts.crash));
}

function renderVerdicts(): void {
  const list = byId('verdicts');
  list.replaceChildren(...[...state.heard].reverse().map((x) => verdictItem(x, state.match)));
}

function renderOperator(): void {
  byId('role-badge').textContent = state.role === 'operator' ? 'operator' : 'spectator';
  byId('operator').replaceChildren(
    operatorPanel(state.role, state.control, state.match, state.snapshot, { roleChanged: reconnect, say: status }),
  );
  renderHealth();
  byId('history-section').hidden = !state.history;
}

function renderHealth(): void {
  const health = byId('health');
  if (state.role !== 'operator') health.replaceChildren();
  else health.replaceChildren(healthPanel(state.link, state.loads, state.match));
}

function renderLink(): void {
  const badge = byId('link-badge');
  const link = state.link ?? state.snapshot?.link;
  // Before the socket first opens the page may already be drawn (from /api/state): it is still connecting.
  badge.textContent = socket?.readyState === WebSocket.OPEN ? `board ${link?.state ?? '?'}` : socketOpened ? 'reconnecting' : 'connecting';
  badge.className = `badge link-${link?.state ?? 'unknown'}`;
  renderJournal();
}

/** Which journal keeps the match: said only when it is not the journal's own file (a fallback, or none: the match is paused). */
function renderJournal(): void {
  const badge = byId('journal-badge');
  const journal = state.snapshot?.journal;
  badge.hidden = !journal || journal.state === 'main';
  if (!journal) return;
  badge.textContent =
    journal.state === 'fallback' ? 'journal: fallback' : journal.state === 'none' ? 'journal: none, match paused' : 'journal';
  badge.title = journal.path;
  badge.className = `badge journal-${journal.state}`;
}

function onMessage(msg: ServerMessage): void {
  switch (msg.type) {
    case 'state':
      state.role = msg.role;
      state.sim = msg.sim;
      state.control = msg.control;
      state.history = msg.history;
      state.match = msg.match;
      state.snapshot = msg.snapshot;
      state.heard = [...msg.verdicts];
      state.link = msg.snapshot?.link;
      state.lights = msg.lights;
      probe.verdicts = state.heard.length;
      // Another match may be of another game: its play controls are built afresh.
      byId('sim').replaceChildren();
      renderBoard();
      renderPanels();
      renderVerdicts();
      renderOperator();
      renderSim(sim);
      renderLink();
      return;
    case 'verdict': {
      state.heard.push(msg);
      byId('verdicts').prepend(verdictItem(msg, state.match));
      probe.verdicts = state.heard.length;
      const shownMs = wallMs();
      probe.timings.push({ seq: msg.seq, type: msg.verdict.type, heardMs: msg.heardMs, shownMs });
      renderPanels();
      renderBoard();
      return;
    }
    case 'snapshot':
      state.snapshot = msg.snapshot;
      renderPanels();
      renderBoard();
      renderLink();
      return;
    case 'link':
      state.link = msg.link;
      renderLink();
      if (state.role === 'operator') renderHealth();
      return;
    case 'notice':
      if (msg.level !== 'info') status(msg.message);
      return;
    case 'loads':
      state.loads = msg.loads;
      renderBalance();
      if (state.role === 'operator') renderHealth();
      return;
    case 'balance':
      state.tipMargin = msg.tipMargin;
      renderBalance();
      return;
    case 'hands': {
      const changed = state.hands?.board !== msg.hands.board || JSON.stringify(state.hands?.lit) !== JSON.stringify(msg.hands.lit);
      state.hands = msg.hands;
      renderSim(sim);
      if (changed) renderBoard();
      return;
    }
    case 'lights':
      state.lights = msg.wells;
      renderBoard();
      return;
  }
}

function connect(): void {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  socket = ws;
  ws.addEventListener('open', () => {
    probe.connected = true;
    socketOpened = true;
    renderLink();
  });
  ws.addEventListener('message', (e) => {
    socketSpoke = true;
    onMessage(JSON.parse(String(e.data)) as ServerMessage);
  });
  ws.addEventListener('close', () => {
    probe.connected = false;
    if (socket !== ws) return;
    renderLink();
    setTimeout(connect, 1000);
  });
}

/** After a login or logout: a new socket, so the server tells the page its role. */
function reconnect(): void {
  const old = socket;
  socket = undefined;
  old?.close();
  connect();
}

/**
 * The state as it stands, over HTTP (the page's HTML preloads it beside the script): the board
 * is drawn without waiting for the socket's handshake. The socket's own state follows and
 * replaces it; a page whose socket spoke first keeps the socket's.
 */
function fetchState(): void {
  void fetch('/api/state')
    .then((r) => (r.ok ? (r.json() as Promise<ServerMessage>) : undefined))
    .then((msg) => {
      if (msg?.type === 'state' && !socketSpoke) onMessage(msg);
    })
    .catch(() => {});
}

layout((cell) => void cellClicked(sim, cell));
fetchState();
connect();
