/**
 * The run's own MQTT broker (aedes, in a process of its own so that a referee killed with
 * kill -9 still goes `offline` by its last will), when the plan has one. A taken port is a
 * notice, not a failure: the referee goes on without MQTT.
 */
import type { BrokerUser, EmbeddedBroker } from '../telemetry/broker.ts';
import { BrokerStartError } from '../telemetry/broker.ts';
import { startBrokerProcess } from '../telemetry/broker-child.ts';
import type { BrokerConnection, MqttPlan } from './mqtt-service.ts';
import type { Service, ServiceContext } from './service.ts';

export interface MqttBrokerSettings {
  readonly plan: Extract<MqttPlan, { kind: 'embedded' }>;
  /** Who may send requests (the settings' users). */
  readonly users: readonly BrokerUser[];
}

export class MqttBrokerService implements Service {
  readonly name = 'mqtt-broker';
  private broker: EmbeddedBroker | undefined;

  constructor(private readonly context: ServiceContext<MqttBrokerSettings>) {}

  /** How the run's own publisher connects, once the broker listens. */
  get connection(): BrokerConnection | undefined {
    return this.broker && { url: this.broker.url, ...this.broker.internal };
  }

  async start(): Promise<void> {
    const { plan, users } = this.context.settings;
    try {
      this.broker = await startBrokerProcess({ host: plan.host, port: plan.port, users, base: plan.base });
    } catch (e) {
      if (!(e instanceof BrokerStartError)) throw e;
      this.context.notice('warn', `no MQTT broker: ${e.message}; refereeing without it (--mqtt-listen HOST:PORT or off)`);
      return;
    }
    this.context.io.err(`MQTT broker on ${this.broker.url} (topics under ${plan.base}/)`);
  }

  async stop(): Promise<void> {
    await this.broker?.close();
    this.broker = undefined;
  }
}
