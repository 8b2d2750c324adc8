/// <reference lib="dom" />
/**
 * The operator's new-match form, built from what the server says of the match's game: the
 * players' names (every game has two players) and one field per match option the game's
 * descriptor declares (a number within bounds, one of some words, or text of a pattern), so
 * the page knows no game's options. A field left empty keeps the last match's value: only
 * what the operator filled in is sent, and the referee (host-control's new_match) checks it.
 */
import type { MatchInfo, MatchOptionField } from '../protocol.ts';
import { h } from './dom.ts';

/** The request's body from the form: the fields filled in, by option name; the players as `{ A?, B? }`. */
export type NewMatchBody = Record<string, unknown>;

function optionInput(field: MatchOptionField, id: string, described: string): HTMLInputElement | HTMLSelectElement {
  const common = { id, 'data-option': field.name, 'aria-describedby': described };
  const input = field.input;
  if (input.kind === 'choice')
    return h('select', common, h('option', { value: '' }, 'as the last match'), ...input.choices.map((c) => h('option', { value: c }, c)));
  if (input.kind === 'number')
    return h('input', {
      ...common,
      type: 'number',
      min: input.min,
      max: input.max,
      step: 1,
      inputmode: 'numeric',
      placeholder: field.value,
    });
  return h('input', { ...common, type: 'text', pattern: input.pattern, title: input.expected, placeholder: field.value });
}

/**
 * The form; `submit` is handed the body when the operator starts the match (after the
 * browser's own check of each field's bounds or pattern).
 */
export function newMatchForm(match: MatchInfo | undefined, enabled: boolean, submit: (body: NewMatchBody) => void): HTMLFormElement {
  const players = (['A', 'B'] as const).map((p) => {
    const id = `nm-player-${p}`;
    return {
      p,
      label: h('label', { for: id }, `Player ${p}`),
      input: h('input', { id, 'data-player': p, autocomplete: 'off', placeholder: match?.players[p] ?? p, maxlength: 64 }),
    };
  });
  const options = (match?.options ?? []).map((field) => {
    const id = `nm-option-${field.name}`;
    const described = `${id}-help`;
    const defaultText = field.default !== undefined ? ` Default: ${field.default}.` : '';
    return {
      field,
      label: h('label', { for: id }, field.name),
      input: optionInput(field, id, described),
      help: h('small', { id: described, class: 'help' }, `${field.help}${defaultText}`),
    };
  });
  const button = h('button', { type: 'submit', id: 'op-new-match', disabled: !enabled }, 'New match');
  const form = h(
    'form',
    { class: 'new-match', id: 'new-match', 'data-ruleset': match?.ruleset ?? '' },
    ...players.flatMap((x) => [x.label, x.input]),
    ...options.flatMap((x) => [x.label, x.input, x.help]),
    h('p', { class: 'help' }, "A field left empty keeps the last match's value."),
    button,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body: NewMatchBody = {};
    const names = Object.fromEntries(players.filter((x) => x.input.value.trim() !== '').map((x) => [x.p, x.input.value.trim()]));
    if (Object.keys(names).length > 0) body.players = names;
    for (const { field, input } of options) if (input.value.trim() !== '') body[field.name] = input.value.trim();
    submit(body);
  });
  return form;
}
