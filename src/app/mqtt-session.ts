/**
 * The MQTT publisher (src/telemetry/) as a service of the referee process: it hears each
 * match from the session's bus while the match is attached, and stays connected between
 * matches.
 */
import type { MqttPublisher, TelemetrySession } from '../telemetry/publisher.ts';
import type { HostService } from './host-service.ts';
import type { SessionContext } from './referee-app.ts';
import { matchInfoOf } from './match-store-service.ts';

export function telemetrySession(session: SessionContext): TelemetrySession {
  return {
    matchId: session.matchId,
    ruleset: session.header.ruleset,
    match: matchInfoOf(session.header),
    listen: (handlers) => {
      const owner = {};
      session.bus.on('logged', owner, (l) =>
        handlers.verdict({ matchId: l.matchId, seq: l.seq, verdict: l.verdict, ...(l.repeated ? { repeated: l.repeated } : {}) }),
      );
      session.bus.on('link', owner, (l) => handlers.link(l));
      // The state names the journal written: it changes with every storage event that moves it.
      session.bus.on('storage', owner, () => {
        const journal = session.snapshot()?.journal;
        if (journal) handlers.journal(journal);
      });
      return () => session.bus.removeListeners(owner);
    },
    // With the match and its last seq, so a hub that missed the last verdicts (no later one shows the gap) sees it.
    snapshot: () => {
      const s = session.snapshot();
      return s && { ...s, matchId: session.matchId, lastSeq: session.lastSeq() };
    },
  };
}

export function mqttHostService(publisher: MqttPublisher): HostService {
  return {
    name: publisher.name,
    start: () => publisher.start(),
    stop: () => publisher.stop(),
    attach: (session) => publisher.attach(telemetrySession(session)),
    detach: () => publisher.detach(),
  };
}
