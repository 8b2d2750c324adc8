/// <reference lib="dom" />
/**
 * Match history from the store and a replay with a slider: the positions after each move of a
 * match (each game from its start position), drawn by the same board view as the live game,
 * from the drawing of the match's game that the server sends with its verdicts.
 */
import type { Verdict } from '../../referee/verdicts.ts';
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
  const draw = () => {
    const f = frames[Number(slider.value)]!;
    label.textContent = `${Number(slider.value) + 1}/${frames.length} · ${f.label}`;
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
  into.replaceChildren(h('h3', {}, `Replay: ${m.players.A} v ${m.players.B}`), slider, label, view);
  draw();
}
