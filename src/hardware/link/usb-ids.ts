/**
 * USB ids of the serial bridges an Arduino Mega (or a clone) shows up with, for finding
 * the board among the ports without being told a path.
 *
 * | Vendor | Product | What |
 * |---|---|---|
 * | 2341 | any | Arduino SA (genuine Mega 2560: 0010, 0042; ATmega16U2 bridge) |
 * | 2A03 | any | Arduino.org (Mega 2560 made by Arduino Srl) |
 * | 1A86 | 7523 | WCH CH340 (most Mega clones) |
 * | 0403 | 6001 | FTDI FT232R (older boards, USB-serial cables) |
 * | 10C4 | EA60 | Silicon Labs CP210x (some clones) |
 */
/** The fields of a binding's PortInfo that matching needs (any binding's list() result fits). */
export interface PortInfo {
  readonly path: string;
  readonly manufacturer?: string | undefined;
  readonly serialNumber?: string | undefined;
  readonly vendorId?: string | undefined;
  readonly productId?: string | undefined;
}

export interface UsbId {
  readonly vendorId: string;
  /** undefined: any product of this vendor. */
  readonly productId: string | undefined;
  readonly what: string;
}

export const ARDUINO_USB_IDS: readonly UsbId[] = [
  { vendorId: '2341', productId: undefined, what: 'Arduino' },
  { vendorId: '2A03', productId: undefined, what: 'Arduino.org' },
  { vendorId: '1A86', productId: '7523', what: 'CH340' },
  { vendorId: '0403', productId: '6001', what: 'FTDI FT232R' },
  { vendorId: '10C4', productId: 'EA60', what: 'CP210x' },
];

/** "2341:*, 2A03:*, 1A86:7523, …" for messages. */
export const ARDUINO_USB_ID_LIST = ARDUINO_USB_IDS.map((id) => `${id.vendorId}:${id.productId ?? '*'}`).join(', ');

const norm = (id: string | undefined): string | undefined => id?.replace(/^0x/i, '').toUpperCase().padStart(4, '0');

export const matchUsbId = (info: Pick<PortInfo, 'vendorId' | 'productId'>): UsbId | undefined => {
  const vendor = norm(info.vendorId);
  const product = norm(info.productId);
  return ARDUINO_USB_IDS.find((id) => id.vendorId === vendor && (id.productId === undefined || id.productId === product));
};

/** One line per port, for "no board found" messages. */
export const describePort = (info: PortInfo): string => {
  const ids = info.vendorId || info.productId ? ` ${norm(info.vendorId) ?? '?'}:${norm(info.productId) ?? '?'}` : ' (no USB id)';
  return `${info.path}${ids}${info.manufacturer ? ` ${info.manufacturer}` : ''}`;
};
