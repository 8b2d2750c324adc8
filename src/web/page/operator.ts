/// <reference lib="dom" />
/**
 * The operator's part of the page: the login (a user of the settings with the operator role),
 * the referee's controls (a new match from the form of the game's options, end by agreement,
 * attribute an interference, start calibration) and link and sensor health (per-cell live loads as the monitor command shows
 * them, tracked zero offsets, counters). The server refuses every action without an operator
 * session; the page only offers them to one.
 */
import type { LiveLoads } from '../../pipeline/live-loads.ts';
import type { LinkStatus } from '../../app/event-bus.ts';
import type { MatchSnapshot } from '../../app/referee-app.ts';
import type { MatchInfo, Role } from '../protocol.ts';
import { h, postJson } from './dom.ts';
import { wellName } from './board.ts';
import { newMatchForm } from './new-match.ts';
import { sideIds } from './sides.ts';

export interface OperatorHooks {
  /** After a login or logout: the page reconnects to be told its new role. */
  readonly roleChanged: () => void;
  readonly say: (text: string) => void;
}

export function loginForm(hooks: OperatorHooks): HTMLElement {
  const name = h('input', { id: 'login-name', name: 'name', autocomplete: 'username', required: true });
  const password = h('input', {
    id: 'login-password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const status = h('p', { class: 'status', id: 'login-status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'login', id: 'login-form' },
    h('label', { for: 'login-name' }, 'Operator'),
    name,
    h('label', { for: 'login-password' }, 'Password'),
    password,
    h('button', { type: 'submit', id: 'login-submit' }, 'Log in'),
    status,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void postJson('/api/login', { name: name.value, password: password.value }).then((r) => {
      if (r.status === 200) hooks.roleChanged();
      else status.textContent = typeof r.body.error === 'string' ? r.body.error : 'refused';
    });
  });
  return form;
}

/**
 * The answer to the operator's last request, kept across the panel's redraws: a new match
 * redraws the panel (the page is told of the new match) before the request's answer comes.
 */
let lastAnswer = '';

function answered(text: string): void {
  lastAnswer = text;
  const shown = document.getElementById('operator-status');
  if (shown) shown.textContent = text;
}

export function operatorPanel(
  role: Role,
  control: boolean,
  match: MatchInfo | undefined,
  snap: MatchSnapshot | undefined,
  hooks: OperatorHooks,
): HTMLElement {
  if (role !== 'operator') {
    lastAnswer = '';
    return loginForm(hooks);
  }
  const result = h('p', { class: 'status', id: 'operator-status', 'aria-live': 'polite' }, lastAnswer);
  const act = (path: string, body: Record<string, unknown>, confirmText?: string) => () => {
    if (confirmText && !window.confirm(confirmText)) return;
    answered('…');
    void postJson(`/api/operator/${path}`, body).then((r) => {
      const text =
        r.status === 200 ? `done: ${JSON.stringify(r.body)}` : `refused: ${typeof r.body.error === 'string' ? r.body.error : r.status}`;
      answered(text);
      hooks.say(text);
    });
  };
  const force = h('input', { type: 'checkbox', id: 'op-force' });
  const who = h('select', { id: 'op-interference', 'aria-label': 'who held the board' }, h('option', { value: 'none' }, 'nobody'));
  for (const side of sideIds(match, snap)) who.append(h('option', { value: side }, side));
  const button = (id: string, text: string, onClick: () => void) => {
    const b = h('button', { type: 'button', id, disabled: !control }, text);
    b.addEventListener('click', onClick);
    return b;
  };
  const logout = h('button', { type: 'button', id: 'logout' }, 'Log out');
  logout.addEventListener('click', () => void postJson('/api/logout', {}).then(() => hooks.roleChanged()));
  return h(
    'div',
    { class: 'operator' },
    control ? undefined : h('p', { class: 'muted' }, 'Operator actions are not wired into this referee.'),
    newMatchForm(match, control, (body) => act('new-match', { ...body, force: force.checked })()),
    h('div', { class: 'buttons' }, h('label', { for: 'op-force', class: 'inline' }, force, ' abandon the match in progress')),
    h('div', { class: 'buttons' }, button('op-agree', 'End game by agreement', act('end-by-agreement', {}, 'End the game by agreement?'))),
    // The engine's best move for the side to move, shown by the referee (lit on the board, in the moves).
    h('div', { class: 'buttons' }, button('op-hint', 'Hint', act('hint', {}))),
    h(
      'div',
      { class: 'buttons' },
      who,
      button('op-attribute', 'Attribute interference', () => act('attribute-interference', { to: who.value })()),
    ),
    h(
      'div',
      { class: 'buttons' },
      button('op-calibrate', 'Start calibration', () => act('calibrate', { force: force.checked }, 'Calibrate the board now?')()),
    ),
    result,
    logout,
  );
}

export function healthPanel(link: LinkStatus | undefined, loads: LiveLoads | undefined, match: MatchInfo | undefined): HTMLElement {
  const box = h('div', { class: 'health' });
  box.append(h('p', { id: 'link-state' }, `Link: ${link?.state ?? 'unknown'}${link?.detail ? ` (${link.detail})` : ''}`));
  if (!loads || !match) return box;
  const { files, ranks } = match.board;
  const table = h('table', { class: 'loads', id: 'cell-loads' }, h('caption', {}, 'Live loads, grams'));
  for (let r = ranks - 1; r >= 0; r--) {
    const row = h('tr', {}, h('th', { scope: 'row' }, String(r + 1)));
    for (let f = 0; f < files; f++) {
      const i = f + files * r;
      row.append(h('td', { class: `state-${loads.states[i] ?? 'empty'}`, title: wellName(f, r) }, (loads.points[i] ?? 0).toFixed(0)));
    }
    table.append(row);
  }
  box.append(table);
  const facts: string[] = [];
  if (loads.pivotsG !== undefined) facts.push(`pivots ${loads.pivotsG.toFixed(0)} g`);
  facts.push(`tilt ${loads.tilt.white ? 'White' : loads.tilt.black ? 'Black' : 'level'}`);
  if (loads.zeros.length) facts.push(`zeros: ${loads.zeros.map((z) => `cell ${z.cell} ${z.offsetG.toFixed(1)} g`).join(', ')}`);
  if (loads.drifted.length) facts.push(`drifted: cells ${loads.drifted.join(', ')}`);
  box.append(h('p', { class: 'small' }, facts.join(' · ')));
  if (loads.link) {
    const c = loads.link;
    box.append(
      h(
        'p',
        { class: 'small', id: 'link-counters' },
        `lines in ${c.linesIn} · frames ${c.frames} · CRC errors ${c.crcErrors} · lost ${c.linesLost} · gaps ${c.gaps} · reboots ${c.reboots} · reconnects ${c.reconnects}`,
      ),
    );
  }
  const p = loads.plausibility as unknown as Record<string, number>;
  box.append(
    h(
      'p',
      { class: 'small' },
      `plausibility: ${Object.entries(p)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ')}`,
    ),
  );
  return box;
}
