/**
 * How a link gets its port: a function it calls on every (re)connect. The link never
 * picks a binding itself, so the same code runs on the native binding, MockBinding and
 * the simulator's binding.
 */
import { SerialPortStream, type OpenOptions } from '@serialport/stream';
import { err, ok, type Result } from '../../util/result.ts';
import { describePort, matchUsbId, ARDUINO_USB_ID_LIST, type PortInfo } from './usb-ids.ts';
import { DIALOUT_HINT } from './port-check.ts';

/**
 * A serialport binding (@serialport/bindings-interface's BindingInterface, reached through
 * @serialport/stream because the interface package's own types do not resolve under
 * NodeNext): the native binding, MockBinding and the simulator's binding all fit.
 */
export type SerialBinding = OpenOptions['binding'];

export const BOARD_BAUD = 500_000;

export interface OpenedPort {
  readonly stream: SerialPortStream;
  /** The path actually opened (useful when it was auto-detected). */
  readonly path: string;
}

export type PortOpener = () => Promise<Result<OpenedPort, PortOpenFailure>>;

export interface PortOpenFailure {
  readonly code: 'NOBOARD' | 'OPEN';
  readonly message: string;
}

/** Finds the board among the binding's ports by its USB ids. */
export async function findBoardPort(binding: SerialBinding): Promise<Result<PortInfo, PortOpenFailure>> {
  let ports: PortInfo[];
  try {
    ports = await binding.list();
  } catch (e) {
    return err({ code: 'NOBOARD', message: `cannot list serial ports: ${(e as Error).message}` });
  }
  const candidates = ports.filter((p) => matchUsbId(p) !== undefined);
  const first = candidates[0];
  if (first) return ok(first);
  const found = ports.length === 0 ? 'no serial ports at all' : `only ${ports.map(describePort).join('; ')}`;
  return err({ code: 'NOBOARD', message: `no Arduino-like port (USB ids ${ARDUINO_USB_ID_LIST}) found: ${found}` });
}

/** Opens `path` (or, with `path` undefined, the first port with an Arduino USB id) at 500 000 baud. */
export function bindingPortOpener(binding: SerialBinding, path: string | undefined): PortOpener {
  return async () => {
    let target: string;
    if (path !== undefined) target = path;
    else {
      const found = await findBoardPort(binding);
      if (!found.ok) return found;
      target = found.value.path;
    }
    const stream = new SerialPortStream({ binding, path: target, baudRate: BOARD_BAUD, autoOpen: false });
    const opened = await new Promise<Error | null>((resolve) => stream.open(resolve));
    if (opened) {
      const hint = /EACCES|Permission denied/i.test(opened.message) ? `; ${DIALOUT_HINT}` : '';
      return err({ code: 'OPEN', message: `cannot open ${target}: ${opened.message}${hint}` });
    }
    return ok({ stream, path: target });
  };
}
