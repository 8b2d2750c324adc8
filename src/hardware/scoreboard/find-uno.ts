/**
 * Picks the scoring board's Uno out of a serial port list by USB vendor and product id.
 * Pure: the caller lists the ports (SerialPort.list()) and hands them in.
 */

/** The fields of serialport's PortInfo this needs. */
export interface SerialPortListing {
  readonly path: string;
  readonly vendorId?: string | undefined;
  readonly productId?: string | undefined;
}

/** vendor:product, lower case: Arduino Uno (R3, original, WiFi R2 / R4 era ids), CH340 clones, Genuino Uno. */
export const UNO_USB_IDS: readonly string[] = ['2341:0043', '2341:0001', '2341:0243', '1a86:7523', '2a03:0043'];

const usbId = (p: SerialPortListing): string | undefined =>
  p.vendorId && p.productId ? `${p.vendorId.toLowerCase().padStart(4, '0')}:${p.productId.toLowerCase().padStart(4, '0')}` : undefined;

/** The first port that looks like an Uno, in the order listed, or undefined. */
export function findUno<P extends SerialPortListing>(ports: readonly P[]): P | undefined {
  return ports.find((p) => {
    const id = usbId(p);
    return id !== undefined && UNO_USB_IDS.includes(id);
  });
}
