/// <reference lib="dom" />
/**
 * The dashboard's read-only panels: whose turn, the match score and the scoring track as the
 * LED scoring board shows it (the very model and frame composer the board's driver uses), the
 * balance meter, the pending foul with its restore steps in words, the move list and every
 * verdict in the terminal's words.
 */
import { composeFrame, targetHoles } from '../../app/scoreboard/frame.ts';
import { initialScoreboard, reduceScoreboard, type ScoreboardState } from '../../presentation/scoreboard-model.ts';
import { verdictText } from '../../presentation/verdict-text.ts';
import { foulWords } from '../../referee/foul-words.ts';
import type { MatchSnapshot } from '../../app/referee-app.ts';
import { describeRestoration } from '../../referee/board-view.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import type { GameWords } from '../../rulesets/words.ts';
import type { HeardVerdict, MatchInfo } from '../protocol.ts';
import { h, s, sideName } from './dom.ts';
import { computerMoveState, moveList } from './move-list.ts';
import { sideLabel, swatch } from './sides.ts';

/** Words for a page with no match (a verdict heard after its match was detached). */
const NO_GAME_WORDS: GameWords = { piece: 'piece', pieces: 'pieces', cell: 'cell', cells: 'cells' };
const wordsOf = (match: MatchInfo | undefined): GameWords => match?.words ?? NO_GAME_WORDS;

export function turnPanel(match: MatchInfo | undefined, snap: MatchSnapshot | undefined): HTMLElement {
  if (!match || !snap) return h('p', { class: 'muted' }, 'No match is being refereed.');
  const names = match.players;
  const sides = Object.entries(snap.players);
  const rows = sides.map(([side, player]) =>
    h(
      'li',
      { class: `player side-${side}${snap.turn === side ? ' to-move' : ''}`, 'data-side': side },
      swatch(match, side),
      h('strong', {}, names[player]),
      ` (${player}) plays ${sideLabel(match, side)}`,
      snap.turn === side ? h('span', { class: 'turn-badge' }, 'to move') : undefined,
    ),
  );
  const phase =
    snap.phase === 'play'
      ? `${sideLabel(match, snap.turn ?? '')} to move`
      : snap.phase === 'foul'
        ? 'Foul: the board must be restored'
        : snap.phase === 'game-over'
          ? `Game ${snap.game} over`
          : snap.phase === 'match-over'
            ? `Match over${snap.winner ? `: ${names[snap.winner]} wins` : ': drawn'}`
            : snap.phase === 'setup'
              ? 'Setting up the board'
              : 'The board differs from the game';
  return h(
    'div',
    {},
    h(
      'p',
      { class: `phase phase-${snap.phase}`, id: 'phase', 'aria-live': 'polite' },
      `${match.rulesetName} · game ${snap.game} · ${phase}`,
    ),
    h('ul', { class: 'players' }, ...rows),
  );
}

/**
 * The scoring board's state after the verdicts heard, as its driver would have it. Where the
 * game's scoring board shows pieces in play, the server has counted them for each verdict.
 */
export function scoreboardOf(snap: MatchSnapshot | undefined, heard: readonly HeardVerdict[]): ScoreboardState {
  let state = initialScoreboard(snap?.score.trackLength ?? 6);
  for (const { verdict, inPlay } of heard) state = reduceScoreboard(state, verdict, inPlay ? () => inPlay : undefined);
  return state;
}

export function scoreboardPanel(match: MatchInfo | undefined, state: ScoreboardState): HTMLElement {
  const target = targetHoles(state);
  const on = composeFrame(state, { markers: target, blinkOn: true });
  const off = composeFrame(state, { markers: target, blinkOn: false });
  const n = on.trackLength;
  const svg = s('svg', { viewBox: `0 0 ${(n + 1) * 40 + 20} 60`, class: 'track', role: 'img', 'aria-label': trackLabel(match, on) });
  on.holes.forEach((hole, i) => {
    const x = 30 + i * 40;
    svg.append(s('circle', { cx: x, cy: 30, r: 14, class: 'hole' }));
    for (const p of ['A', 'B'] as const) {
      const blink = hole[p] !== off.holes[i]![p];
      if (hole[p] || blink)
        svg.append(
          s('circle', { cx: x, cy: p === 'A' ? 24 : 36, r: 8, class: `marker marker-${p}${blink ? ' blink' : ''}`, 'data-hole': i }),
        );
    }
  });
  const lamps = h('div', { class: 'lamps' });
  for (const lamp of ['white', 'black', 'foul', 'crash'] as const) {
    const blink = on.lamps[lamp] !== off.lamps[lamp];
    lamps.append(
      h('span', { class: `lamp lamp-${lamp}${on.lamps[lamp] || blink ? ' lit' : ''}${blink ? ' blink' : ''}`, 'data-lamp': lamp }, lamp),
    );
  }
  const names = match?.players ?? { A: 'A', B: 'B' };
  const second = on.counts === 'pieces' ? 'pieces' : 'games';
  const digits = h(
    'div',
    { class: 'digits', id: 'score' },
    ...(['A', 'B'] as const).map((p) =>
      h(
        'span',
        { class: `digit digit-${p}`, 'data-player': p },
        h('strong', {}, names[p]),
        ` ${on.digits[p].points} pts · ${on.digits[p].count} ${second}`,
      ),
    ),
  );
  return h('div', {}, digits, svg, lamps);
}

function trackLabel(match: MatchInfo | undefined, f: ReturnType<typeof composeFrame>): string {
  const names = match?.players ?? { A: 'A', B: 'B' };
  const where = (p: 'A' | 'B'): string => String(f.holes.findIndex((hole) => hole[p]));
  return `Scoring track of ${f.trackLength} holes: ${names.A}'s marker in hole ${where('A')}, ${names.B}'s in hole ${where('B')}`;
}

/** Tip margins toward each side: live from the load cells when they come, else after the last move. */
export function balancePanel(margins: { white: number; black: number } | undefined, live: boolean, crash: string | undefined): HTMLElement {
  if (crash)
    return h('div', { class: 'balance crashed', role: 'alert' }, h('strong', {}, `CRASH: the board tipped toward ${sideName(crash)}`));
  if (!margins) return h('p', { class: 'muted' }, 'No balance reading yet.');
  const scale = Math.max(600, margins.white, margins.black);
  const bar = (side: 'white' | 'black') => {
    const m = margins[side];
    const level = m < 60 ? 'danger' : m < 150 ? 'warn' : 'ok';
    return h(
      'div',
      { class: `meter meter-${side} ${level}` },
      h('span', { class: 'meter-label' }, `toward ${sideName(side)}`),
      h('meter', {
        min: 0,
        max: scale,
        low: 60,
        high: 150,
        optimum: scale,
        value: Math.max(0, m),
        'aria-label': `tip margin toward ${side}`,
      }),
      h('span', { class: 'meter-value', 'data-side': side }, String(Math.round(m))),
    );
  };
  return h(
    'div',
    { class: 'balance' },
    bar('white'),
    bar('black'),
    h('p', { class: 'muted small' }, live ? 'live from the load cells' : 'after the last move'),
  );
}

export function foulPanel(
  snap: MatchSnapshot | undefined,
  lastFoul: Extract<Verdict, { type: 'foul' }> | undefined,
  match: MatchInfo | undefined,
): HTMLElement | undefined {
  const pending = snap?.pendingFoul;
  if (!pending) return undefined;
  const words = wordsOf(match);
  const steps = pending.restore.map((r) => h('li', {}, describeRestoration(r, words.piece)));
  return h(
    'section',
    { class: 'foul', role: 'alert', id: 'foul' },
    h('h2', {}, `Foul by ${sideLabel(match, pending.side)}: ${foulWords(pending.code, words)}`),
    lastFoul && lastFoul.code === pending.code ? h('p', {}, lastFoul.message) : undefined,
    steps.length ? h('p', {}, 'To restore:') : h('p', {}, 'Put the board back as the position shows.'),
    steps.length ? h('ol', { class: 'restore-steps' }, ...steps) : undefined,
  );
}

const FAULT_WORDS: Readonly<Record<string, string>> = {
  dead: 'dead',
  stuck: 'stuck',
  saturated: 'reads the end of its range',
  silent: 'gives no readings',
  drifted: 'drifted from its zero (recalibrate)',
};

/** The load cells at fault, for everyone watching: which points the referee cannot see. */
export function sensorsPanel(snap: MatchSnapshot | undefined, match: MatchInfo | undefined): HTMLElement | undefined {
  const faults = snap?.sensors.faults ?? [];
  if (faults.length === 0) return undefined;
  const cell = wordsOf(match).cell;
  const blind = snap?.sensors.blind ?? [];
  return h(
    'section',
    { class: 'sensors', id: 'sensors', role: 'status' },
    h('h2', {}, blind.length > 0 ? `Blind: ${blind.join(', ')}` : 'Load cells'),
    h(
      'ul',
      {},
      ...faults.map((f) =>
        h(
          'li',
          { 'data-cell': f.cell },
          `${f.well ? `${cell} ${f.well}` : (f.pivot ?? `cell ${f.cell}`)}: ${FAULT_WORDS[f.fault] ?? f.fault}`,
        ),
      ),
    ),
    blind.length > 0
      ? h(
          'p',
          { class: 'muted' },
          `The referee cannot see ${blind.join(', ')}: a move there is taken where only one is legal, else the operator says what it holds.`,
        )
      : undefined,
  );
}

/** The moves of each game, those taken back gone. */
export function movesPanel(heard: readonly HeardVerdict[], match: MatchInfo | undefined): HTMLElement {
  const list = h('ul', { class: 'moves', id: 'moves' });
  let ply = 0;
  const listed = moveList(heard.map((x) => x.verdict));
  for (const [i, v] of listed.entries()) {
    if (v.type === 'game-started') {
      ply = 0;
      list.append(h('li', { class: 'game-head' }, `Game ${v.game}`));
    } else if (v.type === 'move') {
      ply++;
      const computer = i > 0 && computerMoveState(listed, i - 1) === 'carried-out';
      list.append(
        h(
          'li',
          { class: `move side-${v.side}${computer ? ' by-computer' : ''}`, 'data-move': v.move },
          `${ply}. ${sideLabel(match, v.side)} ${v.move}${computer ? ' (computer)' : ''}`,
        ),
      );
    } else if (v.type === 'computer-move') {
      if (computerMoveState(listed, i) === 'waiting')
        list.append(
          h('li', { class: 'computer-move', 'data-move': v.move }, `Computer (${sideLabel(match, v.side)}): ${v.move}, to carry out`),
        );
    } else if (v.type === 'hint')
      list.append(h('li', { class: 'hint', 'data-move': v.move }, `hint for ${sideLabel(match, v.side)}: ${v.move}`));
    else if (v.type === 'game-over')
      list.append(h('li', { class: 'game-end' }, v.winner ? `${sideLabel(match, v.winner)} wins by ${v.reason}` : `drawn (${v.reason})`));
  }
  return list;
}

/** One verdict in the list, in the words of the match's game and with its players' names. */
export function verdictItem(hv: HeardVerdict, match: MatchInfo | undefined): HTMLElement {
  const v = hv.verdict;
  const serious = v.type === 'foul' || v.type === 'crash' || v.type === 'forfeit' || v.type === 'board-tipped' || v.type === 'sensor-fault';
  return h(
    'li',
    { class: `verdict verdict-${v.type}${serious ? ' serious' : ''}`, 'data-seq': hv.seq, 'data-type': v.type },
    verdictText(v, wordsOf(match), match?.players),
  );
}
