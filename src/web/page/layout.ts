/// <reference lib="dom" />
/** The page's frame: the header, the board with its play controls, and the side panels, each filled by its own render. */
import { byId, h } from './dom.ts';
import { historyPanel } from './history.ts';

/** The page's name, as its title says it (page-html.ts): one place for it. */
const pageName = (): string => document.title;

export function layout(cellClicked: (cell: string) => void): void {
  const app = byId('app');
  app.replaceChildren(
    h(
      'header',
      { class: 'top' },
      h('h1', {}, pageName()),
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
  // Board cells are buttons: a click, or Enter or Space on the focused cell.
  const board = byId('board');
  board.addEventListener('click', (e) => {
    const cell = (e.target as Element).closest('[data-well]');
    if (cell) cellClicked(cell.getAttribute('data-well')!);
  });
  board.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const cell = (e.target as Element).closest('[data-well]');
    if (!cell) return;
    e.preventDefault();
    cellClicked(cell.getAttribute('data-well')!);
  });
  byId('history').append(historyPanel());
}
