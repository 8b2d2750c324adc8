/**
 * The MQTT publisher (src/telemetry/) as a service of a refereed session: it hears the
 * session's verdicts and link changes from the bus and says its troubles there as notices.
 */
import { mqttService, type MqttPublisherOptions, type TelemetrySession } from '../telemetry/publisher.ts';
import type { SessionContext } from './referee-app.ts';
import { matchInfoOf } from './match-store-service.ts';
import type { Service } from './service.ts';

export function telemetrySession(session: SessionContext): TelemetrySession {
  return {
    matchId: session.matchId,
    ruleset: session.header.ruleset,
    match: matchInfoOf(session.header),
    listen: (handlers) => {
      const owner = {};
      session.bus.on('logged', owner, (l) => handlers.verdict({ matchId: l.matchId, seq: l.seq, verdict: l.verdict }));
      session.bus.on('link', owner, (l) => handlers.link(l));
      return () => session.bus.removeListeners(owner);
    },
    notice: (level, message) => session.bus.emit('notice', { level, message }),
    snapshot: () => session.snapshot(),
    operate: (action) => session.operate(action),
  };
}

export const mqttSessionService =
  (options: MqttPublisherOptions) =>
  (session: SessionContext): Service =>
    mqttService(options)(telemetrySession(session));
