/** mock-firmata ships no types: the MockFirmata io (a board-io EventEmitter with Uno pins). */
declare module 'mock-firmata' {
  import type { EventEmitter } from 'node:events';
  class MockFirmata extends EventEmitter {
    constructor(options?: Record<string, unknown>);
    readonly isReady: boolean;
    readonly name: string;
    pins: unknown[];
    digitalWrite(pin: number, value: number): void;
    pinMode(pin: number, mode: number): void;
  }
  const mockFirmata: { Firmata: typeof MockFirmata };
  export default mockFirmata;
}
