/// <reference lib="dom" />
/**
 * Play on the simulated board: a click on a piece lifts it, on an empty cell places the piece
 * in hand; the roll and press modes and the buttons for hands on the board. Every click is a
 * hand action on the simulator (POST /api/sim); the referee judges the frames it makes as it
 * would a real board's.
 */
import type { SimAction, SimHands } from '../protocol.ts';
import { boardCells, pieceName } from './board.ts';
import { byId, h, postJson, sideName } from './dom.ts';
import type { PageState } from './state.ts';

export interface SimHooks {
  readonly state: PageState;
  /** The board drawn again (the hands changed it, or a cell was picked). */
  readonly redrawBoard: () => void;
}

export function status(text: string): void {
  byId('play-status').textContent = text;
}

const named = (state: PageState, letter: string): string => (state.match?.drawing ? pieceName(state.match.drawing, letter) : letter);

export function renderSim(hooks: SimHooks): void {
  const { state } = hooks;
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
        'aria-pressed': String(state.handKind === p),
        title: 'place this one next',
      },
      named(state, p),
    );
    b.addEventListener('click', () => {
      state.handKind = state.handKind === p ? undefined : p;
      renderSim(hooks);
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
  box.replaceChildren(h('h2', {}, 'Play on the simulated board'), modeButtons(hooks), handButtons(hooks));
}

function modeButtons(hooks: SimHooks): HTMLElement {
  const { state } = hooks;
  const modes = h('div', { class: 'buttons', role: 'group', 'aria-label': 'what a click on the board does' });
  for (const [mode, text] of [
    ['move', 'Lift / place'],
    ['roll', 'Roll a sphere'],
    ['press', 'Press a well'],
  ] as const) {
    const b = h('button', { type: 'button', 'data-mode': mode, id: `mode-${mode}`, 'aria-pressed': String(state.mode === mode) }, text);
    b.addEventListener('click', () => {
      state.mode = mode;
      state.selected = undefined;
      renderSim(hooks);
      hooks.redrawBoard();
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
  return modes;
}

function handButtons(hooks: SimHooks): HTMLElement {
  const box = h('div', { class: 'buttons' });
  // Hands that rest on the rim or hold the board down only matter on a board that balances.
  const pivots = hooks.state.match?.board.pivots === true;
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
    b.addEventListener('click', () => void simAct(hooks, action));
    box.append(b);
  }
  return box;
}

async function simAct(hooks: SimHooks, action: SimAction): Promise<void> {
  const r = await postJson('/api/sim', action);
  if (r.status !== 200) status(`The board says: ${String(r.body.error)}`);
  const hands = r.body.hands as SimHands | undefined;
  if (hands) {
    hooks.state.hands = hands;
    renderSim(hooks);
    hooks.redrawBoard();
  }
}

export async function cellClicked(hooks: SimHooks, well: string): Promise<void> {
  const { state } = hooks;
  const m = state.match;
  if (!state.sim || !m || !state.hands) return;
  const here = boardCells(state.hands.board, m.board.files, m.board.ranks);
  const file = well.charCodeAt(0) - 97;
  const rank = Number(well.slice(1)) - 1;
  const piece = here[file + m.board.files * rank];
  if (state.mode === 'press') return simAct(hooks, { action: 'press', well });
  if (state.mode === 'roll') {
    if (!state.selected) {
      if (!piece) return status('Pick a sphere to roll first.');
      state.selected = well;
      hooks.redrawBoard();
      return status(`Rolling from ${well}: click the well it rolls to.`);
    }
    const from = state.selected;
    state.selected = undefined;
    return simAct(hooks, { action: 'roll', from, to: well });
  }
  if (piece) {
    status(`Lifted ${named(state, piece)} from ${well}.`);
    return simAct(hooks, { action: 'lift', well });
  }
  if (state.hands.hand.length === 0) return status('Nothing in hand: click a sphere to lift it first.');
  const kind = state.handKind && state.hands.hand.includes(state.handKind) ? state.handKind : undefined;
  state.handKind = undefined;
  status(`Placed on ${well}.`);
  return simAct(hooks, kind ? { action: 'place', well, kind } : { action: 'place', well });
}
