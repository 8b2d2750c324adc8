/** firmata-io ships no types: the part the scoring board uses (a default export, `Firmata` on it). */
declare module 'firmata-io' {
  import type { EventEmitter } from 'node:events';
  interface FirmataBoard extends EventEmitter {
    readonly isReady: boolean;
    readonly transport: unknown;
  }
  const firmataIo: {
    readonly Firmata: new (transport: object, options?: { reportVersionTimeout?: number }) => FirmataBoard;
  };
  export default firmataIo;
}
