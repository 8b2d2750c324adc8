#!/usr/bin/env node
/**
 * Writes host-to-board.vectors and board-to-host.vectors (format: README.md).
 * The .vectors files are the source of truth; this script is only how they were first
 * typed. It shares no code with either codec: its CRC and base64 are its own, and every
 * expectation below is written out by hand from PROTOCOL.md.
 *
 *   node firmware-protocol/vectors/generate.mjs
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const crc16 = (text) => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
};
if (crc16('123456789') !== 0x29b1) throw new Error('CRC self-check failed');

const hex = (v, digits) => v.toString(16).toUpperCase().padStart(digits, '0');
/** A correctly sealed line (no terminator). */
const seal = (body) => `${body}*${hex(crc16(body), 4)}`;

/** Escapes per README: `\\` and `\xNN` for bytes outside 0x20..0x7E. */
const escape = (line) =>
  [...Buffer.from(line, 'latin1')]
    .map((b) => (b === 0x5c ? '\\\\' : b < 0x20 || b > 0x7e ? `\\x${hex(b, 2)}` : String.fromCharCode(b)))
    .join('');

const files = { 'host-to-board.vectors': [], 'board-to-host.vectors': [] };
let current;
const section = (file, title) => {
  current = files[file];
  current.push('', `# ${title}`);
};
const dir = () => (current === files['host-to-board.vectors'] ? 'h2b' : 'b2h');
const vec = (line, expect) => {
  current.push(`${dir()}\t${escape(line)}\t${expect}`);
};

// ---------------------------------------------------------------- host -> board
const H = 'host-to-board.vectors';
section(H, 'every command, valid');
vec(seal('PING 0000'), 'ok type=ping seq=0');
vec(seal('PING FFFF'), 'ok type=ping seq=65535');
vec(seal('HELLO 0001'), 'ok type=hello seq=1');
vec(seal('START 0002'), 'ok type=start seq=2');
vec(seal('STOP 0003'), 'ok type=stop seq=3');
for (const hz of [10, 20, 40, 80]) vec(seal(`RATE 0004 ${hz}`), `ok type=rate seq=4 hz=${hz}`);
vec(seal('SETID 0005 0000002A'), 'ok type=setid seq=5 board=0000002A');
vec(seal('SETID 0006 00000000'), 'ok type=setid seq=6 board=00000000');
vec(seal('SETID 0007 FFFFFFFE'), 'ok type=setid seq=7 board=FFFFFFFE');
vec(seal('LED 0008 0 000000'), 'ok type=led seq=8 well=0 rgb=000000');
vec(seal('LED 0009 41 FF8000'), 'ok type=led seq=9 well=41 rgb=FF8000');
vec(seal('LED 000A 47 FFFFFF'), 'ok type=led seq=10 well=47 rgb=FFFFFF');
vec(seal('LEDALL 000B 00FF00'), 'ok type=ledall seq=11 rgb=00FF00');
vec(seal('LEDCLR 000C'), 'ok type=ledclr seq=12');
vec(seal('CELLRST 00FF'), 'ok type=cellrst seq=255');
vec(seal('STOP ABCD'), 'ok type=stop seq=43981');

section(H, 'length: 62 chars is the most a command line may have (64 with CR LF)');
/** A line of exactly n chars: a long unknown word, a seq, a good CRC. */
const pad = (n) => seal(`${'X'.repeat(n - 10)} 0001`);
if (pad(62).length !== 62) throw new Error('length helper broken');
vec(pad(62), 'err UNKNOWN');
vec(pad(63), 'err TOOLONG');
vec(seal(`PING 0001 ${'A'.repeat(60)}`), 'err TOOLONG');
vec(`PING 0001*${'0'.repeat(200)}`, 'err TOOLONG');

section(H, 'bytes outside printable ASCII');
vec(seal('PING\t0001'), 'err BADCHAR');
vec(seal('PING 0001\x00'), 'err BADCHAR');
vec(`${seal('PING 0001')}\r`, 'err BADCHAR');
vec(seal('PING 0001 \xC3\xA9'), 'err BADCHAR');
vec(seal('PING 0001\x7F'), 'err BADCHAR');
vec(`\x80${seal('PING 0001')}`, 'err BADCHAR');

section(H, 'missing or malformed CRC trailer');
vec('', 'err NOCRC');
vec('PING 0001', 'err NOCRC');
vec(`PING 0001*${hex(crc16('PING 0001'), 4).toLowerCase()}`, 'err NOCRC');
vec(`PING 0001*${hex(crc16('PING 0001'), 4).slice(1)}`, 'err NOCRC');
vec(`PING 0001*0${hex(crc16('PING 0001'), 4)}`, 'err NOCRC');
vec(`PING 0001**${hex(crc16('PING 0001'), 4)}`, 'err NOCRC');
vec(`PING 0001* ${hex(crc16('PING 0001'), 4)}`, 'err NOCRC');
vec(`PI*NG 0001*${hex(crc16('PI*NG 0001'), 4)}`, 'err NOCRC');

section(H, 'bad CRC');
vec(`PING 0001*${hex(crc16('PING 0001') ^ 1, 4)}`, 'err BADCRC');
vec(`PING 0001*${hex(crc16('PING 0001*'), 4)}`, 'err BADCRC');
vec(`PING 0002*${hex(crc16('PING 0001'), 4)}`, 'err BADCRC');
vec(`RATE 0004 80*${hex(crc16('RATE 0004 40'), 4)}`, 'err BADCRC');
vec(`${seal('PING 0001')}`.replace(/\*(.)/, (_, c) => `*${c === '0' ? '1' : '0'}`), 'err BADCRC');

section(H, 'bad sequence number (the board cannot NAK these: ERR)');
vec(seal(''), 'err BADSEQ');
vec(seal('PING'), 'err BADSEQ');
vec(seal('PING 001'), 'err BADSEQ');
vec(seal('PING 00001'), 'err BADSEQ');
vec(seal('PING 000g'), 'err BADSEQ');
vec(seal('PING 00ff'), 'err BADSEQ');
vec(seal('PING -001'), 'err BADSEQ');
vec(seal('PING  0001'), 'err BADSEQ');
vec(seal(' PING 0001'), 'err BADSEQ');
vec(seal('0001 PING'), 'err BADSEQ');
vec(seal('FOO bar'), 'err BADSEQ');

section(H, 'unknown command (good envelope: the board NAKs)');
vec(seal('ping 0001'), 'err UNKNOWN');
vec(seal('FOO 0001'), 'err UNKNOWN');
vec(seal('PINGX 0001'), 'err UNKNOWN');
vec(seal('FRAME 0001'), 'err UNKNOWN');
vec(seal('ACK 0001 0002'), 'err UNKNOWN');
vec(seal('TARE 0001'), 'err UNKNOWN');
vec(seal(' 0001'), 'err UNKNOWN');

section(H, 'missing or extra fields');
vec(seal('PING 0001 X'), 'err BADFIELDS');
vec(seal('PING 0001 \\'), 'err BADFIELDS');
vec(seal('PING 0001 '), 'err BADFIELDS');
vec(seal('HELLO 0001 1'), 'err BADFIELDS');
vec(seal('START 0001 80'), 'err BADFIELDS');
vec(seal('RATE 0001'), 'err BADFIELDS');
vec(seal('RATE 0001 40 80'), 'err BADFIELDS');
vec(seal('SETID 0001'), 'err BADFIELDS');
vec(seal('SETID 0001 0000002A 1'), 'err BADFIELDS');
vec(seal('LED 0001 3'), 'err BADFIELDS');
vec(seal('LED 0001 3 FF0000 1'), 'err BADFIELDS');
vec(seal('LEDALL 0001'), 'err BADFIELDS');
vec(seal('LEDCLR 0001 000000'), 'err BADFIELDS');
vec(seal('CELLRST 0001 0'), 'err BADFIELDS');

section(H, 'malformed or out-of-range arguments');
for (const bad of ['0', '30', '100', '160', '040', '-10', '8O', '', '+80', '80.0']) vec(seal(`RATE 0001 ${bad}`), 'err BADARG');
vec(seal('SETID 0001 FFFFFFFF'), 'err BADARG');
vec(seal('SETID 0001 0000002a'), 'err BADARG');
vec(seal('SETID 0001 000002A'), 'err BADARG');
vec(seal('SETID 0001 00000002A'), 'err BADARG');
vec(seal('SETID 0001 42'), 'err BADARG');
vec(seal('LED 0001 48 FF0000'), 'err BADARG');
vec(seal('LED 0001 01 FF0000'), 'err BADARG');
vec(seal('LED 0001 -1 FF0000'), 'err BADARG');
vec(seal('LED 0001 256 FF0000'), 'err BADARG');
vec(seal('LED 0001 99999 FF0000'), 'err BADARG');
vec(seal('LED 0001 a1 FF0000'), 'err BADARG');
vec(seal('LED 0001  FF0000'), 'err BADARG');
vec(seal('LED 0001 3 ff8000'), 'err BADARG');
vec(seal('LED 0001 3 FF800'), 'err BADARG');
vec(seal('LED 0001 3 FF80000'), 'err BADARG');
vec(seal('LED 0001 3 GG0000'), 'err BADARG');
vec(seal('LED 0001 3 #FF800'), 'err BADARG');
vec(seal('LEDALL 0001 12345'), 'err BADARG');
vec(seal('LEDALL 0001 abcdef'), 'err BADARG');

// ---------------------------------------------------------------- board -> host
const B = 'board-to-host.vectors';
const cellsB64 = (values) =>
  values.map((v) => Buffer.from([(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]).toString('base64')).join('');
const N = 44;
const staleMask = (cells) => {
  let mask = 0n;
  for (const c of cells) mask |= 1n << BigInt(c);
  return mask.toString(16).toUpperCase().padStart(Math.ceil(N / 4), '0');
};
const frame = ({ seq = 1, ms = 0, tilt = '--', stale = [], cells }) => ({
  line: seal(`FRAME ${hex(seq, 4)} ${hex(ms, 8)} ${tilt} ${staleMask(stale)} ${cellsB64(cells)}`),
  expect: `ok type=frame seq=${seq} ms=${ms} tilt=${tilt} stale=${stale.length ? stale.join(',') : '-'} cells=${cells.join(',')}`,
});
const zeros = new Array(N).fill(0);
const ramp = Array.from({ length: N }, (_, i) => (i - 22) * 190_657);
const extremes = Array.from({ length: N }, (_, i) => [0, 1, -1, 8388607, -8388608, 123456, -123456, 4096][i % 8]);

section(B, 'HELLO, valid');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 WB 0'),
  'ok type=hello seq=0 proto=1 fw=1.0.0 board=0000002A boot=DEADBEEF wells=42 pivots=2 rate=80 tilts=WB leds=0');
vec(seal('HELLO 0007 1 2.1.0-rc.1+g1a2b 0FFFFFFF 00000000 42 2 10 -- 42'),
  'ok type=hello seq=7 proto=1 fw=2.1.0-rc.1+g1a2b board=0FFFFFFF boot=00000000 wells=42 pivots=2 rate=10 tilts=-- leds=42');
vec(seal('HELLO 0000 1 v1_x FFFFFFFF 12345678 42 2 20 W- 255'),
  'ok type=hello seq=0 proto=1 fw=v1_x board=FFFFFFFF boot=12345678 wells=42 pivots=2 rate=20 tilts=W- leds=255');
vec(seal('HELLO FFFF 1 0123456789abcdef 00000001 FFFFFFFF 46 2 40 -B 0'),
  'ok type=hello seq=65535 proto=1 fw=0123456789abcdef board=00000001 boot=FFFFFFFF wells=46 pivots=2 rate=40 tilts=-B leds=0');
vec(seal('HELLO 0000 1 1 00000001 00000002 1 0 80 WB 0'),
  'ok type=hello seq=0 proto=1 fw=1 board=00000001 boot=00000002 wells=1 pivots=0 rate=80 tilts=WB leds=0');

section(B, 'HELLO, invalid (version is checked before the field count)');
vec(seal('HELLO 0000 2 1.0.0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADVERSION');
vec(seal('HELLO 0000 2 1.0.0 0000002A DEADBEEF 42 2 80 WB 0 NEWFIELD'), 'err BADVERSION');
vec(seal('HELLO 0000 0 1.0.0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADVERSION');
vec(seal('HELLO 0000 10'), 'err BADVERSION');
vec(seal('HELLO 0000 01 1.0.0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 v1 1.0.0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 WB'), 'err BADFIELDS');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 WB 0 0'), 'err BADFIELDS');
vec(seal('HELLO 0000'), 'err BADFIELDS');
vec(seal('HELLO 0000 1 1.0.0.0.0.0.0.0.0.0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0/0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0\\0 0000002A DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1  0000002A DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002a DEADBEEF 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEE 42 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 0 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 49 0 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 7 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 042 2 80 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 50 WB 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 BW 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 wb 0'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 WB 256'), 'err BADARG');
vec(seal('HELLO 0000 1 1.0.0 0000002A DEADBEEF 42 2 80 WB -1'), 'err BADARG');

section(B, 'FRAME, valid (44 cells: 42 wells + 2 pivots)');
for (const f of [
  frame({ seq: 1, ms: 0, tilt: '--', cells: zeros }),
  frame({ seq: 12, ms: 123456, tilt: 'W-', cells: ramp }),
  frame({ seq: 13, ms: 0xffffffff, tilt: '-B', cells: extremes }),
  frame({ seq: 0xffff, ms: 4000000000, tilt: 'WB', stale: [0], cells: ramp }),
  frame({ seq: 0, ms: 12, tilt: '--', stale: [0, 43], cells: extremes }),
  frame({ seq: 2, ms: 25, tilt: '--', stale: [5, 6, 7, 40, 41, 42], cells: zeros }),
  frame({ seq: 7, ms: 87, tilt: '--', stale: [40], cells: ramp }),
  frame({ seq: 8, ms: 100, tilt: '--', stale: [43], cells: ramp }),
  frame({ seq: 3, ms: 37, tilt: '--', stale: Array.from({ length: N }, (_, i) => i), cells: zeros }),
  frame({ seq: 4, ms: 50, tilt: '--', cells: new Array(N).fill(-1) }),
  frame({ seq: 5, ms: 62, tilt: '--', cells: new Array(N).fill(-8388608) }),
  frame({ seq: 6, ms: 75, tilt: '--', cells: new Array(N).fill(8388607) }),
]) vec(f.line, f.expect);

section(B, 'FRAME, invalid');
const stale0 = staleMask([]);
const good = cellsB64(ramp);
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${cellsB64(ramp.slice(0, 42))}`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${cellsB64([...ramp, 0])}`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${good}A`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${good.slice(0, -1)}`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- ${stale0} `), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- 0000000000 ${good}`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- 000000000000 ${good}`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- 0000000000a ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 00000000 -- 0000000000G ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${good.slice(0, -4)}AAA=`), 'err BADB64');
vec(seal(`FRAME 0001 00000000 -- ${stale0} -${good.slice(1)}`), 'err BADB64');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${good.slice(0, 8)}__A_${good.slice(12)}`), 'err BADB64');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${good.slice(0, 100)}.${good.slice(101)}`), 'err BADB64');
vec(seal(`FRAME 0001 0000000 -- ${stale0} ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 0000000g -- ${stale0} ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 000000000 -- ${stale0} ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 00000000 WW ${stale0} ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 00000000 - ${stale0} ${good}`), 'err BADARG');
vec(seal(`FRAME 0001 00000000 ${stale0} ${good}`), 'err BADFIELDS');
vec(seal(`FRAME 0001 00000000 -- ${stale0}`), 'err BADFIELDS');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${good} 0`), 'err BADFIELDS');
vec(seal(`FRAME 0001 00000000 -- ${stale0}  ${good}`), 'err BADFIELDS');
if (crc16(`FRAME 0001 00000000 -- ${stale0} ${good}`) === 0) throw new Error('pick another CRC');
vec(`FRAME 0001 00000000 -- ${stale0} ${good}*0000`, 'err BADCRC');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${cellsB64([...ramp, 1, 2, 3, 4])}`), 'err BADCOUNT');
vec(seal(`FRAME 0001 00000000 -- ${stale0} ${cellsB64([...ramp, ...ramp.slice(0, 11)])}`), 'err TOOLONG');

section(B, 'TILT');
vec(seal('TILT 0002 0001E250 W-'), 'ok type=tilt seq=2 ms=123472 tilt=W-');
vec(seal('TILT 0003 0001E25A --'), 'ok type=tilt seq=3 ms=123482 tilt=--');
vec(seal('TILT 0004 FFFFFFFF -B'), 'ok type=tilt seq=4 ms=4294967295 tilt=-B');
vec(seal('TILT 0005 00000000 WB'), 'ok type=tilt seq=5 ms=0 tilt=WB');
vec(seal('TILT 0002 0001e250 W-'), 'err BADARG');
vec(seal('TILT 0002 1E250 W-'), 'err BADARG');
vec(seal('TILT 0002 0001E250 B-'), 'err BADARG');
vec(seal('TILT 0002 0001E250 W'), 'err BADARG');
vec(seal('TILT 0002 0001E250 W--'), 'err BADARG');
vec(seal('TILT 0002 0001E250'), 'err BADFIELDS');
vec(seal('TILT 0002 0001E250 W- W-'), 'err BADFIELDS');

section(B, 'ACK');
vec(seal('ACK 0003 0011'), 'ok type=ack seq=3 cmd=17');
vec(seal('ACK FFFF 0000'), 'ok type=ack seq=65535 cmd=0');
vec(seal('ACK 0000 FFFF'), 'ok type=ack seq=0 cmd=65535');
vec(seal('ACK 0003 011'), 'err BADARG');
vec(seal('ACK 0003 001g'), 'err BADARG');
vec(seal('ACK 0003'), 'err BADFIELDS');
vec(seal('ACK 0003 0011 OK'), 'err BADFIELDS');

section(B, 'NAK');
for (const [i, code] of ['UNKNOWN', 'BADFIELDS', 'BADARG', 'NOLEDS', 'EEPROM'].entries()) {
  vec(seal(`NAK ${hex(i + 4, 4)} 0012 ${code}`), `ok type=nak seq=${i + 4} cmd=18 code=${code}`);
}
vec(seal('NAK 0004 0012 OK'), 'err BADARG');
vec(seal('NAK 0004 0012 NOSUCHCODE'), 'err BADARG');
vec(seal('NAK 0004 0012 noleds'), 'err BADARG');
vec(seal('NAK 0004 12 NOLEDS'), 'err BADARG');
vec(seal('NAK 0004 0012'), 'err BADFIELDS');
vec(seal('NAK 0004 0012 NOLEDS 1'), 'err BADFIELDS');

section(B, 'ERR');
vec(seal('ERR 0005 SENSOR 17'), 'ok type=error seq=5 code=SENSOR arg=17');
vec(seal('ERR 0006 SENSOR 0'), 'ok type=error seq=6 code=SENSOR arg=0');
vec(seal('ERR 0007 SENSOR 65535'), 'ok type=error seq=7 code=SENSOR arg=65535');
for (const [i, code] of ['TOOLONG', 'BADCHAR', 'NOCRC', 'BADCRC', 'BADSEQ', 'OVERRUN'].entries()) {
  vec(seal(`ERR ${hex(i + 8, 4)} ${code} -`), `ok type=error seq=${i + 8} code=${code} arg=-`);
}
vec(seal('ERR 0005 SENSOR 65536'), 'err BADARG');
vec(seal('ERR 0005 SENSOR 017'), 'err BADARG');
vec(seal('ERR 0005 SENSOR -1'), 'err BADARG');
vec(seal('ERR 0005 SENSOR'), 'err BADFIELDS');
vec(seal('ERR 0005 SENSOR 17 -'), 'err BADFIELDS');
vec(seal('ERR 0005 OOPS -'), 'err BADARG');
vec(seal('ERR 0005 SENSOR --'), 'err BADARG');

section(B, 'envelope errors seen by the host');
const pad253 = pad(253);
const pad254 = pad(254);
if (pad253.length !== 253 || pad254.length !== 254) throw new Error('length helper broken');
vec(pad253, 'err UNKNOWN');
vec(pad254, 'err TOOLONG');
vec('', 'err NOCRC');
vec('ACK 0003 0011', 'err NOCRC');
vec(`ACK 0003 0011*${hex(crc16('ACK 0003 0011'), 4).toLowerCase().replace(/^[0-9]/, 'a')}`, 'err NOCRC');
vec(`ACK 0003 0011*${hex(crc16('ACK 0003 0011') ^ 0x8000, 4)}`, 'err BADCRC');
vec(`ACK 0003 0012*${hex(crc16('ACK 0003 0011'), 4)}`, 'err BADCRC');
vec(seal('ACK 0003 0011\x1B'), 'err BADCHAR');
vec(seal('ACK\t0003 0011'), 'err BADCHAR');
vec(`${seal('ACK 0003 0011')}\r`, 'err BADCHAR');
vec(seal('ACK 3 0011'), 'err BADSEQ');
vec(seal('ACK'), 'err BADSEQ');
vec(seal('ACK 000x 0011'), 'err BADSEQ');
vec(seal('PING 0001'), 'err UNKNOWN');
vec(seal('ERROR 0001 SENSOR 1'), 'err UNKNOWN');
vec(seal('frame 0001'), 'err UNKNOWN');

const header = `# Senryaku protocol v1 test vectors: see README.md for the format.
# Generated by generate.mjs, then the source of truth. Frames carry 44 cells.
# direction<TAB>line<TAB>expect`;
for (const [name, lines] of Object.entries(files)) {
  writeFileSync(join(here, name), `${header}\n${lines.join('\n')}\n`, 'latin1');
  console.log(`${name}: ${lines.filter((l) => l && !l.startsWith('#')).length} vectors`);
}
