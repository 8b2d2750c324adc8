/// <reference lib="dom" />
/**
 * Match history from the store and a replay with a slider: the positions after each move of a
 * match (each game from its start position), drawn by the same board view as the live game,
 * from the drawing of the match's game that the server sends with its verdicts. Once the
 * server has analysed the match (src/analysis/, docs/analysis.md), an evaluation bar shows
 * what the position replayed is worth, and the replay's move list marks the moves that lost.
 */
import type { MatchAnalysis } from '../../analysis/analyse-match.ts';
import type { Mark } from '../../analysis/analyse-game.ts';
import type { Evaluation } from '../../analysis/evaluation.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import type { MatchAnalysisBody } from '../history-routes.ts';
import type { MatchVerdictsBody } from '../protocol.ts';
import { drawBoard, moveWells } from './board.ts';
import { h } from './dom.ts';
import { moveList } from './move-list.ts';

interface Summary {
  readonly matchId: string;
  readonly ruleset: string;
  readonly startedAt: string;
  readonly players: { readonly A: string; readonly B: string };
  readonly games: number;
  readonly result?: string;
}

interface Frame {
  readonly label: string;
  readonly position: string;
  readonly move?: string;
}

/** The positions a replay steps through: each game's start, then after each move (the moves taken back gone). */
export function replayFrames(verdicts: readonly Verdict[]): Frame[] {
  const frames: Frame[] = [];
  for (const v of moveList(verdicts)) {
    if (v.type === 'game-started') frames.push({ label: `Game ${v.game}: start`, position: v.position });
    else if (v.type === 'move') frames.push({ label: `${v.side} ${v.move}`, position: v.position, move: v.move });
  }
  return frames;
}

export function historyPanel(): HTMLElement {
  const box = h('div', { class: 'history' });
  const load = h('button', { type: 'button', id: 'history-load' }, 'Show match history');
  const list = h('ul', { class: 'match-list', id: 'match-list' });
  const replay = h('div', { class: 'replay', id: 'replay' });
  load.addEventListener('click', () => {
    void fetch('/api/matches')
      .then((r) => r.json() as Promise<{ matches?: Summary[]; error?: string }>)
      .then((body) => {
        list.replaceChildren();
        if (!body.matches) return list.append(h('li', {}, body.error ?? 'no history'));
        if (body.matches.length === 0) list.append(h('li', {}, 'No match in the store yet.'));
        for (const m of body.matches) {
          const b = h(
            'button',
            { type: 'button', class: 'match-item', 'data-match': m.matchId },
            `${m.startedAt.slice(0, 16).replace('T', ' ')} · ${m.ruleset} · ${m.players.A} v ${m.players.B} · ${m.games} game${m.games === 1 ? '' : 's'}${m.result ? ` · ${m.result === 'draw' ? 'drawn' : `${m.players[m.result as 'A' | 'B']} won`}` : ''}`,
          );
          b.addEventListener('click', () => void showReplay(m, replay));
          list.append(h('li', {}, b));
        }
      });
  });
  box.append(load, list, replay);
  return box;
}

/** What the analysis says of a frame: the position's evaluation (its game's first side's view), and the mark of the move that led to it. */
interface FrameNote {
  readonly evaluation: Evaluation;
  readonly first: string;
  readonly mark?: Mark;
  readonly best?: string;
}

/** The analysis of each frame of replayFrames(verdicts), in the same order (undefined where the analysis stopped short). */
export function frameNotes(verdicts: readonly Verdict[], analysis: MatchAnalysis): (FrameNote | undefined)[] {
  const notes: (FrameNote | undefined)[] = [];
  let game = -1;
  let moves: MatchAnalysis['games'][number]['plies'] = [];
  let k = 0;
  for (const v of moveList(verdicts)) {
    if (v.type === 'game-started') {
      const g = analysis.games[++game];
      moves = g?.plies.filter((p) => p.move !== undefined) ?? [];
      k = 0;
      notes.push(g ? { evaluation: g.startEvaluation, first: g.sides[0].side } : undefined);
    } else if (v.type === 'move') {
      const g = analysis.games[game];
      const p = moves[k++];
      notes.push(
        g && p
          ? {
              evaluation: p.after,
              first: g.sides[0].side,
              ...(p.mark !== undefined ? { mark: p.mark } : {}),
              ...(p.best !== undefined ? { best: p.best } : {}),
            }
          : undefined,
      );
    }
  }
  return notes;
}

/** The evaluation as the analysis's text writes it: `+0.35`, `#2` (the first side wins), `#-2`. */
function evaluationText(e: Evaluation, first: string): string {
  if (e.kind === 'win') return `#${e.side === first ? '' : '-'}${e.moves}`;
  return e.value === 0 ? '0.00' : `${e.value > 0 ? '+' : '-'}${(Math.abs(e.value) / 100).toFixed(2)}`;
}

/** The first side's share of the bar, 0 to 100: half for an even position, all or nothing for a forced end. */
function barShare(e: Evaluation, first: string): number {
  if (e.kind === 'win') return e.side === first ? 100 : 0;
  return Math.round(50 + 50 * Math.tanh(e.value / 400));
}

const MARK_TEXT: Readonly<Record<Mark, string>> = {
  lost: 'lost: a forced loss the best move avoided',
  crash: 'crash: a move that does not crash was there',
};

async function showReplay(m: Summary, into: HTMLElement): Promise<void> {
  const r = await fetch(`/api/matches/${encodeURIComponent(m.matchId)}/verdicts`);
  const body = (await r.json()) as Partial<MatchVerdictsBody> & { error?: string };
  if (!body.verdicts || !body.words) {
    into.replaceChildren(h('p', {}, body.error ?? 'not found'));
    return;
  }
  const { drawing, words } = body;
  if (!drawing) {
    into.replaceChildren(h('p', {}, `This referee cannot draw a board of ${m.ruleset}.`));
    return;
  }
  const frames = replayFrames(body.verdicts.map((v) => v.verdict));
  if (frames.length === 0) {
    into.replaceChildren(h('p', {}, 'This match has no move to replay.'));
    return;
  }
  const slider = h('input', {
    type: 'range',
    min: 0,
    max: frames.length - 1,
    value: frames.length - 1,
    id: 'replay-slider',
    'aria-label': 'position in the match',
  });
  const label = h('p', { id: 'replay-label', 'aria-live': 'polite' });
  const view = h('div', { class: 'board-wrap' });
  const bar = h('div', { class: 'eval-bar', id: 'replay-eval', role: 'meter', 'aria-label': 'evaluation', hidden: true });
  const fill = h('div', { class: 'eval-fill' });
  const barText = h('span', { class: 'eval-text' });
  bar.append(fill, barText);
  const status = h('p', { id: 'replay-analysis', class: 'muted' }, 'Analysing the match…');
  const list = h('ol', { class: 'replay-moves', id: 'replay-moves' });
  let notes: (FrameNote | undefined)[] = [];
  const items = frames.map((f, i) => {
    const b = h('button', { type: 'button', 'data-frame': i }, f.label);
    b.addEventListener('click', () => {
      slider.value = String(i);
      draw();
    });
    return h('li', {}, b);
  });
  list.append(...items);
  const draw = () => {
    const i = Number(slider.value);
    const f = frames[i]!;
    label.textContent = `${i + 1}/${frames.length} · ${f.label}`;
    const note = notes[i];
    bar.hidden = note === undefined;
    if (note) {
      const share = barShare(note.evaluation, note.first);
      const text = evaluationText(note.evaluation, note.first);
      fill.style.width = `${share}%`;
      barText.textContent = `${text} (${note.first}'s view)`;
      bar.setAttribute('aria-valuemin', '0');
      bar.setAttribute('aria-valuemax', '100');
      bar.setAttribute('aria-valuenow', String(share));
      bar.setAttribute('aria-valuetext', `${text}, from ${note.first}'s view`);
      bar.setAttribute('data-eval', text);
    }
    items.forEach((item, k) => item.classList.toggle('current', k === i));
    const last = f.move ? moveWells(f.move) : undefined;
    view.replaceChildren(
      drawBoard({
        drawing,
        words,
        position: f.position,
        restore: [],
        interactive: false,
        ...(last ? { lastMove: last } : {}),
      }),
    );
  };
  slider.addEventListener('input', draw);
  into.replaceChildren(h('h3', {}, `Replay: ${m.players.A} v ${m.players.B}`), slider, label, bar, view, status, list);
  draw();
  const answer = await fetch(`/api/matches/${encodeURIComponent(m.matchId)}/analysis`);
  const analysed = (await answer.json()) as Partial<MatchAnalysisBody> & { error?: string };
  if (!analysed.analysis) {
    status.textContent = `No analysis: ${analysed.error ?? answer.statusText}`;
    return;
  }
  notes = frameNotes(
    body.verdicts.map((v) => v.verdict),
    analysed.analysis,
  );
  notes.forEach((note, i) => {
    if (note?.mark === undefined) return;
    const item = items[i]!;
    item.classList.add('mistake');
    item.setAttribute('data-mark', note.mark);
    item.append(h('span', { class: 'mark', title: MARK_TEXT[note.mark] }, ` ${note.mark}${note.best ? ` (best ${note.best})` : ''}`));
  });
  const { A, B } = analysed.analysis.mistakes;
  status.textContent = `Moves that lost when the mover could have avoided it: ${m.players.A} ${A}, ${m.players.B} ${B}.`;
  draw();
}
