/**
 * The kinds of load-cell fault, as sensing finds them and the referee's inputs, verdicts and
 * snapshot name them: words only, so the inputs and verdicts can name a fault without the
 * referee's sensor bookkeeping (sensor-health.ts).
 */
export const SENSOR_FAULT_KINDS = ['dead', 'stuck', 'saturated', 'silent', 'drifted'] as const;
export type SensorFaultKind = (typeof SENSOR_FAULT_KINDS)[number];

/** Every fault but a drifted zero withholds the cell's readings (zero tracking keeps a drifted cell right). */
export const blinds = (fault: SensorFaultKind): boolean => fault !== 'drifted';
