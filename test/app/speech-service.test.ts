// The referee's voice as a service (src/app/speech-service.ts): what it says of a match's
// verdicts, one moment as one utterance, a later moment cutting an earlier one, the last
// words let finish at stop; on the recording voice (test/support/recording-voice.ts) and
// sinon's fake timers for the time a sentence takes.
import sinon from 'sinon';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/app/event-bus.ts';
import type { MatchContext } from '../../src/app/match-context.ts';
import { ServiceStartError, type ServiceContext } from '../../src/app/service.ts';
import { SpeechService, type SpeechSettings } from '../../src/app/speech-service.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { SENRYAKU_WORDS } from '../../src/rulesets/words.ts';
import { ManualScheduler } from '../../src/util/scheduler.ts';
import { header } from '../journal/journal-fixture.ts';
import { RecordingVoice } from '../support/recording-voice.ts';

const SETTINGS: SpeechSettings = { words: SENRYAKU_WORDS, pieceNames: { b: 'black sphere' }, lastWordsMs: 10_000 };

function context(settings: SpeechSettings = SETTINGS): ServiceContext<SpeechSettings> {
  return { settings, scheduler: new ManualScheduler(), io: { out: () => {}, err: () => {} }, notice: () => {} };
}

function matchOn(bus: EventBus, players = { A: 'Alice', B: 'Bob' }): MatchContext {
  return {
    bus,
    matchId: header.matchId,
    header: { ...header, settings: { ...header.settings, players } },
    snapshot: () => undefined,
    operate: () => [],
    advise: () => [],
    verdictsAfter: () => [],
    lastSeq: () => 0,
    scheduler: new ManualScheduler(),
  };
}

let seq = 0;
const say = (bus: EventBus, ...verdicts: Verdict[]): void => {
  for (const verdict of verdicts) bus.emit('logged', { matchId: header.matchId, seq: ++seq, verdict });
};
const move = (side: string, m: string, atMs = 0): Verdict => ({ atMs, type: 'move', side, move: m, position: '-' });
const lifted = (well: string): Verdict => ({ atMs: 0, type: 'lifted', side: 'white', well, destinations: [] });

let clock: sinon.SinonFakeTimers;
beforeEach(() => {
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => clock.restore());

/** A started service hearing a match on `bus`. */
async function started(voice: RecordingVoice, bus = new EventBus()): Promise<{ service: SpeechService; bus: EventBus }> {
  const service = new SpeechService(context(), voice);
  await service.start();
  service.attach(matchOn(bus));
  return { service, bus };
}

describe('SpeechService', () => {
  it('checks its voice at start, not before: the constructor only assigns', async () => {
    const voice = new RecordingVoice();
    const service = new SpeechService(context(), voice);
    expect(voice.checks).toBe(0);
    await service.start();
    expect(voice.checks).toBe(1);
  });

  it('a voice that cannot speak stops the start with what to install', async () => {
    const problem = { code: 'NotInstalled' as const, message: '--speak needs espeak-ng, which is not installed: install espeak-ng' };
    const service = new SpeechService(context(), new RecordingVoice(300, problem));
    const started = service.start();
    await expect(started).rejects.toBeInstanceOf(ServiceStartError);
    await expect(started).rejects.toThrow(/install espeak-ng/);
  });

  it('says a move once its moment is over, to its end; lifts are not said', async () => {
    const voice = new RecordingVoice();
    const { bus } = await started(voice);
    say(bus, lifted('c2'));
    await clock.tickAsync(0);
    expect(voice.utterances).toEqual([]);
    say(bus, move('white', 'c2-c3'));
    expect(voice.utterances).toEqual([]); // not in the middle of the moment: more may come
    await clock.tickAsync(0);
    expect(voice.utterances.map((u) => u.text)).toEqual(['White: c2 to c3.']);
    await clock.tickAsync(5 * 300);
    expect(voice.said).toEqual(['White: c2 to c3.']);
  });

  it('a later verdict cuts the one being said; the verdicts of one moment are one utterance', async () => {
    const voice = new RecordingVoice();
    const { bus } = await started(voice);
    say(bus, {
      atMs: 0,
      type: 'foul',
      code: 'NotYourSphere',
      side: 'white',
      message: '-',
      restore: [{ action: 'put-back', well: 'd4', sphere: 'b' }],
      count: 1,
    });
    await clock.tickAsync(600); // two words of twelve
    say(bus, { atMs: 1, type: 'restored', side: 'white', position: '-' });
    await clock.tickAsync(600);
    say(
      bus,
      move('white', 'b4xc5', 2),
      { atMs: 2, type: 'game-over', game: 4, winner: 'white', winnerPlayer: 'A', reason: 'capture', points: 2, score: { A: 6, B: 3 } },
      { atMs: 2, type: 'match-over', winner: 'A', score: { A: 6, B: 3 }, games: 4 },
    );
    await clock.tickAsync(60_000);
    expect(voice.cut).toEqual(['Foul by White: not your sphere. Put the black sphere back on d4.', 'Restored. White to move.']);
    expect(voice.said).toEqual(['White: b4 takes c5. White wins game 4. Score: Alice, 6; Bob, 3. Match over. Winner: Alice, 6 to 3.']);
  });

  it('a moment of verdicts none of which is said cuts nothing', async () => {
    const voice = new RecordingVoice();
    const { bus } = await started(voice);
    say(bus, move('black', 'g6-f5'));
    await clock.tickAsync(300);
    say(bus, lifted('a1'), { atMs: 0, type: 'notice', message: 'capture abandoned' });
    await clock.tickAsync(60_000);
    expect(voice.said).toEqual(['Black: g6 to f5.']);
    expect(voice.cut).toEqual([]);
  });

  it("names the players as the match's header does", async () => {
    const voice = new RecordingVoice();
    const service = new SpeechService(context(), voice);
    await service.start();
    const bus = new EventBus();
    service.attach(matchOn(bus, { A: 'A', B: 'B' }));
    say(bus, { atMs: 0, type: 'game-started', game: 1, players: { white: 'A', black: 'B' }, position: '-' });
    await clock.tickAsync(0);
    expect(voice.utterances.map((u) => u.text)).toEqual(['Game 1. White: A, Black: B. White to move.']);
  });

  it("detach says the match's last moment at once and hears no more of it", async () => {
    const voice = new RecordingVoice();
    const { service, bus } = await started(voice);
    say(bus, { atMs: 0, type: 'match-over', winner: 'B', score: { A: 2, B: 6 }, games: 3 });
    service.detach(); // in the same turn: the match stopped right after its last verdict
    expect(voice.utterances.map((u) => u.text)).toEqual(['Match over. Winner: Bob, 6 to 2.']);
    say(bus, move('white', 'a1-a2'));
    await clock.tickAsync(60_000);
    expect(voice.said).toEqual(['Match over. Winner: Bob, 6 to 2.']);
    expect(bus.listenerCount('logged')).toBe(0);
  });

  it('stop lets the last words finish', async () => {
    const voice = new RecordingVoice();
    const { service, bus } = await started(voice);
    say(bus, { atMs: 0, type: 'match-over', winner: 'A', score: { A: 6, B: 0 }, games: 3 });
    await clock.tickAsync(0);
    let stopped = false;
    void service.stop().then(() => (stopped = true));
    await clock.tickAsync(300);
    expect(stopped).toBe(false);
    await clock.tickAsync(8 * 300);
    expect(stopped).toBe(true);
    expect(voice.said).toEqual(['Match over. Winner: Alice, 6 to 0.']);
  });

  it('stop waits for the last words at most lastWordsMs, then cuts them', async () => {
    const voice = new RecordingVoice(60_000); // a minute a word
    const { service, bus } = await started(voice);
    say(bus, move('white', 'c2-c3'));
    await clock.tickAsync(0);
    let stopped = false;
    void service.stop().then(() => (stopped = true));
    await clock.tickAsync(SETTINGS.lastWordsMs - 1);
    expect(stopped).toBe(false);
    await clock.tickAsync(1);
    expect(stopped).toBe(true);
    expect(voice.cut).toEqual(['White: c2 to c3.']);
    expect(bus.listenerCount('logged')).toBe(0);
  });
});
