/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The dashboard page: one WebSocket to the referee process, a state built only from what it
 * says (the match snapshot, the verdicts, link health, live loads, the simulator's hands), and
 * plain DOM and SVG drawn from that state. On the simulated board a visitor plays by clicking:
 * a sphere lifts it, a well places the sphere in hand; the clicks are hand actions on the
 * simulator, and the referee judges the frames they make as it would a real board's.
 */
import type { LinkStatus } from '../../app/event-bus.ts';
import type { LiveLoads } from '../../pipeline/live-loads.ts';
import type { MatchSnapshot } from '../../app/referee-app.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import type { HeardVerdict, MatchInfo, Role, ServerMessage, SimAction, SimHands } from '../protocol.ts';
import { boardCells, drawBoard, moveWells, pieceName } from './board.ts';
import { byId, h, postJson, sideName, wallMs } from './dom.ts';
import { historyPanel } from './history.ts';
import { healthPanel, operatorPanel } from './operator.ts';
import { balancePanel, foulPanel, movesPanel, scoreboardOf, scoreboardPanel, sensorsPanel, turnPanel, verdictItem } from './panels.ts';

type PlayMode = 'move' | 'roll' | 'press';

interface PageState {
  role: Role;
  sim: boolean;
  control: boolean;
  history: boolean;
  match: MatchInfo | undefined;
  snapshot: MatchSnapshot | undefined;
  heard: HeardVerdict[];
  link: LinkStatus | undefined;
  loads: LiveLoads | undefined;
  /** The balance meter's live margins (every page; an operator's also come with the loads). */
  tipMargin: { white: number; black: number } | undefined;
  hands: SimHands | undefined;
  mode: PlayMode;
  /** Roll: the well picked to roll from. */
  selected: string | undefined;
  /** The piece letter in hand picked to place next (default: the one lifted last). */
  handKind: string | undefined;
}

/** What the tests and the benchmark read: when the board was first drawn, and each verdict's way to the page. */
interface Probe {
  boardDrawnAt?: number;
  connected: boolean;
  verdicts: number;
  timings: { seq: number; type: string; heardMs: number; shownMs: number }[];
}
const probe: Probe = { connected: false, verdicts: 0, timings: [] };
(window as unknown as { __dashboard: Probe }).__dashboard = probe;

const state: PageState = {
  role: 'spectator',
  sim: false,
  control: false,
  history: false,
  match: undefined,
  snapshot: undefined,
  heard: [],
  link: undefined,
  loads: undefined,
  tipMargin: undefined,
  hands: undefined,
  mode: 'move',
  selected: undefined,
  handKind: undefined,
};

let socket: WebSocket | undefined;

function layout(): void {
  const app = byId('app');
  app.replaceChildren(
    h(
      'header',
      { class: 'top' },
      h('h1', {}, 'Senryaku referee'),
      h('span', { id: 'match-title', class: 'muted' }),
      h('span', { id: 'link-badge', class: 'badge', role: 'status' }, 'connecting'),
      h('span', { id: 'journal-badge', class: 'badge', role: 'status', hidden: true }),
      h('span', { id: 'role-badge', class: 'badge' }),
    ),
    h(
      'main',
      { class: 'layout' },
      h(
        'section',
        { class: 'board-section', 'aria-label': 'Board' },
        h('div', { id: 'board', class: 'board-wrap' }),
        h('p', { id: 'hand-line', class: 'hand-line', 'aria-live': 'polite' }),
        h('div', { id: 'sim', class: 'sim', hidden: true }),
        h('p', { id: 'play-status', class: 'status', 'aria-live': 'polite' }),
      ),
      h(
        'div',
        { class: 'side' },
        h('section', { id: 'turn', 'aria-label': 'Whose turn' }),
        h('div', { id: 'foul-slot' }),
        h('div', { id: 'sensors-slot' }),
        h('section', { 'aria-labelledby': 'h-score' }, h('h2', { id: 'h-score' }, 'Score'), h('div', { id: 'scoreboard' })),
        h(
          'section',
          { id: 'balance-section', 'aria-labelledby': 'h-balance' },
          h('h2', { id: 'h-balance' }, 'Balance'),
          h('div', { id: 'balance' }),
        ),
        h('section', { 'aria-labelledby': 'h-last' }, h('h2', { id: 'h-last' }, 'Last move'), h('p', { id: 'last-move' }, '—')),
        h('section', { 'aria-labelledby': 'h-moves' }, h('h2', { id: 'h-moves' }, 'Moves'), h('div', { id: 'moves-wrap' })),
        h(
          'section',
          { 'aria-labelledby': 'h-verdicts' },
          h('h2', { id: 'h-verdicts' }, 'Verdicts'),
          h('ol', { id: 'verdicts', class: 'verdicts', reversed: true }),
        ),
        h(
          'section',
          { 'aria-labelledby': 'h-operator' },
          h('h2', { id: 'h-operator' }, 'Operator'),
          h('div', { id: 'operator' }),
          h('div', { id: 'health' }),
        ),
        h(
          'section',
          { id: 'history-section', 'aria-labelledby': 'h-history', hidden: true },
          h('h2', { id: 'h-history' }, 'History'),
          h('div', { id: 'history' }),
        ),
      ),
    ),
  );
  const board = byId('board');
  board.addEventListener('click', (e) => {
    const cell = (e.target as Element).closest('[data-well]');
    if (cell) void cellClicked(cell.getAttribute('data-well')!);
  });
  board.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const cell = (e.target as Element).closest('[data-well]');
    if (!cell) return;
    e.preventDefault();
    void cellClicked(cell.getAttribute('data-well')!);
  });
  byId('history').append(historyPanel());
}

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
  let lastMove: Extract<Verdict, { type: 'move' }> | undefined;
  let lifted: string | undefined;
  let crash: string | undefined;
  for (const v of verdictsOfGame()) {
    if (v.type === 'move') {
      lastMove = v;
      lifted = undefined;
    } else if (v.type === 'lifted') lifted = v.well;
    else if (v.type === 'foul' || v.type === 'restored' || v.type === 'touch-move') lifted = undefined;
    else if (v.type === 'board-tipped' || v.type === 'crash') crash = v.toward;
  }
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
  const position = state.snapshot?.position ?? '';
  const facts = boardFacts();
  const focused = document.activeElement?.getAttribute('data-well');
  wrap.replaceChildren(
    drawBoard({
      ruleset: m.ruleset,
      files: m.board.files,
      ranks: m.board.ranks,
      position,
      ...(state.sim && state.hands ? { physical: state.hands.board } : {}),
      ...(facts.last ? { lastMove: facts.last } : {}),
      restore: state.snapshot?.pendingFoul?.restore.flatMap((r) => (r.from ? [r.well, r.from] : [r.well])) ?? [],
      ...(facts.lifted ? { lifted: facts.lifted } : {}),
      ...(state.selected ? { selected: state.selected } : {}),
      ...(facts.crash ? { crash: sideName(facts.crash) } : {}),
      blind: state.snapshot?.sensors.blind ?? [],
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
  byId('scoreboard').replaceChildren(scoreboardPanel(m, scoreboardOf(m, state.snapshot, state.heard)));
  const facts = boardFacts();
  const foul = [...state.heard].reverse().find((x) => x.verdict.type === 'foul')?.verdict as Extract<Verdict, { type: 'foul' }> | undefined;
  const fp = foulPanel(state.snapshot, foul, state.match);
  byId('foul-slot').replaceChildren(...(fp ? [fp] : []));
  const sp = sensorsPanel(state.snapshot, state.match);
  byId('sensors-slot').replaceChildren(...(sp ? [sp] : []));
  byId('last-move').textContent = facts.lastMove ? `${sideName(facts.lastMove.side)} ${facts.lastMove.move}` : '—';
  renderMoves();
  renderBalance();
}

/** The move list, redrawn: scrolled to its end (the latest move) unless the reader has scrolled up to an earlier one. */
function renderMoves(): void {
  const before = document.getElementById('moves');
  const atEnd = !before || before.scrollTop + before.clientHeight >= before.scrollHeight - 4;
  const list = movesPanel(state.heard);
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
  byId('operator').replaceChildren(operatorPanel(state.role, state.control, state.match, { roleChanged: reconnect, say: status }));
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
  badge.textContent = socket?.readyState === WebSocket.OPEN ? `board ${link?.state ?? '?'}` : 'reconnecting';
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

function renderSim(): void {
  const box = byId('sim');
  box.hidden = !state.sim || !state.match;
  const hands = state.hands;
  const handLine = byId('hand-line');
  if (!state.sim || !hands) {
    handLine.replaceChildren();
    return;
  }
  const inHand = hands.hand.map((p, i) => {
    const b = h(
      'button',
      {
        type: 'button',
        class: `hand-piece${state.handKind === p ? ' picked' : ''}`,
        'data-piece': p,
        'aria-pressed': state.handKind === p,
        title: 'place this one next',
      },
      pieceName(state.match?.ruleset ?? '', p),
    );
    b.addEventListener('click', () => {
      state.handKind = state.handKind === p ? undefined : p;
      renderSim();
    });
    return i === 0 ? b : [', ', b];
  });
  handLine.replaceChildren(
    h('strong', {}, 'In hand: '),
    ...(inHand.length ? inHand.flat() : ['nothing']),
    hands.onTable.length ? ` · on the table: ${hands.onTable.length}` : '',
    hands.tipped ? ` · the board is down toward ${sideName(hands.tipped)}` : '',
  );
  if (box.childElementCount > 0) {
    for (const b of box.querySelectorAll<HTMLButtonElement>('[data-mode]'))
      b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
    return;
  }
  const modes = h('div', { class: 'buttons', role: 'group', 'aria-label': 'what a click on the board does' });
  for (const [mode, text] of [
    ['move', 'Lift / place'],
    ['roll', 'Roll a sphere'],
    ['press', 'Press a well'],
  ] as const) {
    const b = h('button', { type: 'button', 'data-mode': mode, id: `mode-${mode}`, 'aria-pressed': state.mode === mode }, text);
    b.addEventListener('click', () => {
      state.mode = mode;
      state.selected = undefined;
      renderSim();
      renderBoard();
      status(
        mode === 'move'
          ? 'Click a sphere to lift it, then a well to place it.'
          : mode === 'roll'
            ? 'Click the sphere to roll, then the well it rolls to.'
            : 'Click a well to press on it.',
      );
    });
    modes.append(b);
  }
  const hands2 = h('div', { class: 'buttons' });
  const pivots = state.match?.board.pivots === true;
  const actions: [string, string, SimAction][] = [
    ...(pivots
      ? ([
          ['hand-rim', 'Rest a hand on the rim', { action: 'hold', where: 'rim-black' }],
          ['hand-hold', 'Hold the board', { action: 'hold', where: 'centre' }],
        ] as [string, string, SimAction][])
      : []),
    ['sim-setup', "Set the board up as the referee's position", { action: 'setup' }],
  ];
  for (const [id, text, action] of actions) {
    const b = h('button', { type: 'button', id }, text);
    b.addEventListener('click', () => void simAct(action));
    hands2.append(b);
  }
  box.replaceChildren(h('h2', {}, 'Play on the simulated board'), modes, hands2);
}

function status(text: string): void {
  byId('play-status').textContent = text;
}

async function simAct(action: SimAction): Promise<void> {
  const r = await postJson('/api/sim', action);
  if (r.status !== 200) status(`The board says: ${String(r.body.error)}`);
  const hands = r.body.hands as SimHands | undefined;
  if (hands) {
    state.hands = hands;
    renderSim();
    renderBoard();
  }
}

async function cellClicked(well: string): Promise<void> {
  const m = state.match;
  if (!state.sim || !m || !state.hands) return;
  const here = boardCells(state.hands.board, m.board.files, m.board.ranks);
  const file = well.charCodeAt(0) - 97;
  const rank = Number(well.slice(1)) - 1;
  const piece = here[file + m.board.files * rank];
  if (state.mode === 'press') return simAct({ action: 'press', well });
  if (state.mode === 'roll') {
    if (!state.selected) {
      if (!piece) return status('Pick a sphere to roll first.');
      state.selected = well;
      renderBoard();
      return status(`Rolling from ${well}: click the well it rolls to.`);
    }
    const from = state.selected;
    state.selected = undefined;
    return simAct({ action: 'roll', from, to: well });
  }
  if (piece) {
    status(`Lifted ${pieceName(m.ruleset, piece)} from ${well}.`);
    return simAct({ action: 'lift', well });
  }
  if (state.hands.hand.length === 0) return status('Nothing in hand: click a sphere to lift it first.');
  const kind = state.handKind && state.hands.hand.includes(state.handKind) ? state.handKind : undefined;
  state.handKind = undefined;
  status(`Placed on ${well}.`);
  return simAct(kind ? { action: 'place', well, kind } : { action: 'place', well });
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
      probe.verdicts = state.heard.length;
      // Another match may be of another game: its play controls are built afresh.
      byId('sim').replaceChildren();
      renderBoard();
      renderPanels();
      renderVerdicts();
      renderOperator();
      renderSim();
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
      const changed = state.hands?.board !== msg.hands.board;
      state.hands = msg.hands;
      renderSim();
      if (changed) renderBoard();
      return;
    }
  }
}

function connect(): void {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  socket = ws;
  ws.addEventListener('open', () => {
    probe.connected = true;
    renderLink();
  });
  ws.addEventListener('message', (e) => onMessage(JSON.parse(String(e.data)) as ServerMessage));
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

layout();
connect();
