/**
 * The operator's requests carried out on the referee process (RefereeControl over a
 * RefereeHost): a new match on the board, the end of a game by agreement, the attribution of
 * an interference, a calibration. Bodies are checked here, field by field, so MQTT, the
 * dashboard and the terminal refuse a bad request with the same words.
 */
import { blindRefusal } from '../referee/sensor-health.ts';
import type { RulesetBoardFile } from '../rulesets/ruleset.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import { BUILT_IN_RULESETS } from '../games/registry.ts';
import type { MatchOptionsText } from '../rulesets/match-options.ts';
import { matchOptionsText, parseMatchOptions } from '../rulesets/parse-match-options.ts';
import type { ControlAnswer, ControlBody, RefereeControl } from './referee-control.ts';
import type { MatchPlan, RefereeHost } from './referee-host.ts';
import { withComputer } from './computer/computer-plan.ts';
import { parseComputerSeat } from '../rulesets/computer-seat.ts';

/** A new match's fields: the common ones, and every game's own options (another game's is refused by name, not as unknown). */
const NEW_MATCH_FIELDS = [
  'players',
  'ruleset',
  'policy',
  ...new Set(BUILT_IN_RULESETS.all.flatMap((g) => g.options.map((o) => o.name))),
  'games',
  'computer',
  'force',
];
/** The game options a request gives as numbers (JSON's), taken as their text. */
const NUMBER_OPTIONS = new Set([
  'games',
  ...BUILT_IN_RULESETS.all.flatMap((g) => g.options.filter((o) => o.schema.type === 'integer').map((o) => o.name)),
]);
const CALIBRATION_FIELDS = ['force'] as const;

export interface HostControlConfig {
  readonly host: RefereeHost;
  /** The game of the board (a board is built for one game). */
  readonly game: Ruleset;
  /** The board's profile file, read by that game. */
  readonly file: RulesetBoardFile;
  /** The options of the first match, as text (`senryaku referee`'s flags and settings): a new match starts from the last match's. */
  readonly options: Readonly<Record<string, unknown>>;
  /** Who answers hints (the run's computer service); absent: hints are refused. */
  readonly hints?: { hint(): Promise<Result<Readonly<Record<string, unknown>>, string>> };
}

export class HostControl implements RefereeControl {
  private lastOptions: MatchOptionsText;

  constructor(private readonly config: HostControlConfig) {
    // Game 1's position of the first match is not a setting of the next ones. The next match is
    // of the board's game, whatever the run's options name (a resumed match of another game
    // than the settings' default), and so without another game's options.
    const { position: _position, ...rest } = matchOptionsText(config.options);
    const others = new Set(
      BUILT_IN_RULESETS.matchOptions.filter((o) => !o.games.some((g) => g.id === config.game.id)).map((o) => o.spec.name),
    );
    this.lastOptions = { ...Object.fromEntries(Object.entries(rest).filter(([name]) => !others.has(name))), rules: config.game.id };
  }

  async newMatch(body: ControlBody): Promise<ControlAnswer> {
    const fields = onlyFields(body, NEW_MATCH_FIELDS, 'new_match');
    if (!fields.ok) return fields;
    const text = this.optionsText(body);
    if (!text.ok) return text;
    const options = parseMatchOptions(text.value, BUILT_IN_RULESETS);
    if (!options.ok) return err(options.error.map((p) => p.message).join('; '));
    const { game, file, host } = this.config;
    const seat = parseComputerSeat(text.value.computer ?? 'off', game);
    if (!seat.ok) return err(`computer ${seat.error}`);
    const force = forceOf(body);
    if (!force.ok) return force;
    const left = this.unfinished(force.value, 'a new match');
    if (left) return err(left);
    const plan: MatchPlan = withComputer(
      {
        game: game.newMatch(file, options.value),
        players: options.value.players,
        ...(options.value.gamesLimit !== undefined ? { gamesLimit: options.value.gamesLimit } : {}),
      },
      seat.value,
    );
    const started = await host.newMatch(plan);
    if (!started.ok) return err(`the new match could not start: ${started.error}`);
    this.lastOptions = text.value;
    return ok({
      matchId: started.value.matchId,
      ruleset: game.id,
      players: plan.players,
      ...(plan.computer ? { computer: { player: plan.computer.player, side: plan.computer.side, level: plan.computer.level } } : {}),
    });
  }

  async endGameByAgreement(body: ControlBody): Promise<ControlAnswer> {
    const fields = onlyFields(body, [], 'end_game_by_agreement');
    if (!fields.ok) return fields;
    const app = this.config.host.current;
    const before = app?.snapshot();
    if (!app || !before) return err('no match is being refereed');
    app.operate({ kind: 'agree' });
    const after = app.snapshot();
    const ended = (p: string | undefined): boolean => p === 'game-over' || p === 'match-over';
    if (!after || ended(before.phase) || !ended(after.phase))
      return err(`the game cannot end by agreement now (${this.config.game.id}, ${before.phase})`);
    return ok({ game: after.game, phase: after.phase, ...(after.winner ? { winner: after.winner } : {}) });
  }

  async attributeInterference(body: ControlBody): Promise<ControlAnswer> {
    const fields = onlyFields(body, ['to'], 'attribute_interference');
    if (!fields.ok) return fields;
    const { to } = body;
    if (typeof to !== 'string' || to === '')
      return err(`attribute_interference needs "to": a side of the game (such as white or light) or "none", got ${JSON.stringify(to)}`);
    const app = this.config.host.current;
    if (!app) return err('no match is being refereed');
    // The referee judges it (and journals it): a refusal comes back as its notice, with the reason.
    const verdicts = app.operate({ kind: 'attribute', to });
    const attributed = verdicts.find((v) => v.type === 'attributed');
    if (!attributed) {
      const notice = verdicts.find((v) => v.type === 'notice');
      return err(notice?.type === 'notice' ? notice.message : `the attribution changed nothing now`);
    }
    const after = app.snapshot();
    const over = verdicts.find((v) => v.type === 'game-over');
    return ok({
      game: attributed.game,
      to: attributed.to,
      score: attributed.score,
      ...(over?.type === 'game-over' && over.winner ? { winner: over.winner } : {}),
      ...(after ? { phase: after.phase } : {}),
    });
  }

  async reportBlindCell(body: ControlBody): Promise<ControlAnswer> {
    const fields = onlyFields(body, ['cell', 'holds'], 'report_blind_cell');
    if (!fields.ok) return fields;
    const { cell, holds } = body;
    if (typeof cell !== 'string' || !/^[a-z][1-9][0-9]?$/.test(cell))
      return err(`report_blind_cell needs "cell": a well or point such as "c4", got ${JSON.stringify(cell)}`);
    if (holds !== 'empty' && holds !== 'occupied')
      return err(`report_blind_cell needs "holds": "empty" or "occupied", got ${JSON.stringify(holds)}`);
    const app = this.config.host.current;
    if (!app) return err('no match is being refereed');
    // The referee judges it (and journals it): a refusal is its notice, with the reason.
    const verdicts = app.operate({ kind: 'blind', well: cell, holds });
    const refusal = verdicts.find((v) => v.type === 'notice' && v.message.startsWith(blindRefusal(cell)));
    if (refusal?.type === 'notice') return err(refusal.message);
    return ok({ cell, holds, verdicts: verdicts.map((v) => v.type) });
  }

  async hint(body: ControlBody): Promise<ControlAnswer> {
    const fields = onlyFields(body, [], 'hint');
    if (!fields.ok) return fields;
    if (!this.config.hints) return err('no engine answers hints here');
    return this.config.hints.hint();
  }

  async startCalibration(body: ControlBody): Promise<ControlAnswer> {
    const fields = onlyFields(body, CALIBRATION_FIELDS, 'start_calibration');
    if (!fields.ok) return fields;
    const force = forceOf(body);
    if (!force.ok) return force;
    const left = this.unfinished(force.value, 'a calibration');
    if (left) return err(left);
    const done = await this.config.host.recalibrate();
    return done.ok ? ok({ calibrated: true, matchId: done.value.matchId }) : done;
  }

  /** Why the match in progress stops the request (unless forced), or undefined. */
  private unfinished(force: boolean, what: string): string | undefined {
    const { host } = this.config;
    if (force || !host.matchUnfinished) return undefined;
    const s = host.current?.snapshot();
    const where = s ? `game ${s.game}, ${s.phase}, score ${s.score.points.A}-${s.score.points.B}` : 'under way';
    return `the match ${host.current?.matchId} is not over (${where}): send "force": true to leave it for ${what} (its journal keeps it; senryaku referee --resume continues it)`;
  }

  /** The last match's options with the request's fields over them. */
  private optionsText(body: ControlBody): Result<MatchOptionsText, string> {
    const ruleset = this.config.game;
    const problems: string[] = [];
    const text: Record<string, string | undefined> = { ...this.lastOptions };
    if (body.ruleset !== undefined && body.ruleset !== ruleset.id)
      problems.push(
        `this board is a ${ruleset.name} board: ruleset is '${ruleset.id}', not ${JSON.stringify(body.ruleset)} (another game needs its own board and referee)`,
      );
    if (body.players !== undefined) {
      const players = playersOf(body.players, this.lastPlayers());
      if (players.ok) text.players = players.value;
      else problems.push(players.error);
    }
    for (const key of NEW_MATCH_FIELDS) {
      const v = body[key];
      if (v === undefined || key === 'players' || key === 'ruleset' || key === 'force') continue;
      if (NUMBER_OPTIONS.has(key)) {
        if (typeof v === 'number' || typeof v === 'string') text[key] = String(v);
        else problems.push(`${key} is a whole number, got ${JSON.stringify(v)}`);
      } else if (typeof v === 'string') text[key] = v;
      else problems.push(`${key} is a string, got ${JSON.stringify(v)}`);
    }
    return problems.length > 0 ? err(problems.join('; ')) : ok(text);
  }

  private lastPlayers(): { A: string; B: string } {
    const names = (this.lastOptions.players ?? 'A,B').split(',').map((n) => n.trim());
    return { A: names[0] ?? 'A', B: names[1] ?? 'B' };
  }
}

/** `{ A?, B? }` (names without commas) over the last players, as the `--players` text. */
function playersOf(value: unknown, last: { A: string; B: string }): Result<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return err('players is an object { "A": name, "B": name }');
  const extra = Object.keys(value).filter((k) => k !== 'A' && k !== 'B');
  if (extra.length > 0) return err(`players has A and B only, not ${extra.map((k) => `'${k}'`).join(', ')}`);
  const names = { ...last };
  for (const p of ['A', 'B'] as const) {
    const v = (value as Record<string, unknown>)[p];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.trim() === '' || v.includes(','))
      return err(`players.${p} is a name (not empty, no commas), got ${JSON.stringify(v)}`);
    names[p] = v.trim();
  }
  return ok(`${names.A},${names.B}`);
}

function forceOf(body: ControlBody): Result<boolean, string> {
  if (body.force === undefined) return ok(false);
  return typeof body.force === 'boolean' ? ok(body.force) : err(`force is true or false, got ${JSON.stringify(body.force)}`);
}

function onlyFields(body: ControlBody, allowed: readonly string[], request: string): Result<true, string> {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length === 0) return ok(true);
  const takes = allowed.length > 0 ? `it takes ${allowed.join(', ')}` : 'it takes none';
  return err(`${request}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')} (${takes})`);
}
