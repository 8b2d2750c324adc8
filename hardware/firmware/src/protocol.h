/*
 * protocol.h - Senryaku board <-> host serial protocol, version 1.
 * The wire format is specified in firmware-protocol/PROTOCOL.md; this module is the
 * board's half of it: it ENCODES board->host lines and DECODES host->board commands.
 *
 * Plain C++11: no Arduino, no heap, no global state. Every function works on
 * caller-owned memory, so it also builds with the host's g++ for the vector tests
 * (hardware/firmware/test/protocol_vectors_test.cpp).
 *
 * How to use it from the firmware main loop
 * -----------------------------------------
 *   static ProtoEncoder enc;              // board->host sequence counter
 *   static ProtoLineReader reader;        // assembles host->board lines
 *   static char tx[PROTO_TX_BUFFER_SIZE]; // 256 bytes, one line at a time
 *
 *   setup():
 *     proto_encoder_init(&enc);           // seq restarts at 0000 on every boot
 *     proto_reader_init(&reader);
 *     ProtoHello h = { "1.0.0", board_id_from_eeprom, random_boot_id,
 *                      42, 2, 80, PROTO_TILT_WHITE | PROTO_TILT_BLACK, 0 };
 *     size_t n = proto_encode_hello(&enc, &h, tx, sizeof tx);
 *     Serial.write(tx, n);                // n includes the "\r\n"
 *
 *   loop(), for each byte received:
 *     switch (proto_reader_feed(&reader, (char)Serial.read())) {
 *     case PROTO_LINE_NONE: break;
 *     case PROTO_LINE_TOOLONG:            // unprompted error, no command id known
 *       Serial.write(tx, proto_encode_error(&enc, PROTO_ERR_TOOLONG, PROTO_NO_ARG, tx, sizeof tx));
 *       break;
 *     case PROTO_LINE_READY: {
 *       ProtoCommand cmd;
 *       ProtoError e = proto_decode_command(reader.line, reader.len, &cmd);
 *       if (e == PROTO_OK)       { act on cmd.type; then send proto_encode_ack(&enc, cmd.id, ...) }
 *       else if (cmd.id_valid)   { send proto_encode_nak(&enc, cmd.id, e, ...) }
 *       else                     { send proto_encode_error(&enc, e, PROTO_NO_ARG, ...) }
 *     } }
 *   The firmware itself may NAK a well-formed command it cannot carry out:
 *   PROTO_ERR_NOLEDS (LED command, no LEDs fitted), PROTO_ERR_BADARG (well index not
 *   below the board's well count), PROTO_ERR_EEPROM (SETID write failed).
 *   A HELLO request is answered by ACK first, then the HELLO line.
 *
 *   every sample period while streaming:
 *     send proto_encode_frame(&enc, millis(), tilt_bits, cells, 44, stale_mask, tx, sizeof tx)
 *     (stale_mask bit i set = cell i did not answer this period; its value is ignored)
 *   when a debounced tilt switch changes: send proto_encode_tilt(&enc, millis(), tilt_bits, ...)
 *   when a cell first goes stale: send proto_encode_error(&enc, PROTO_ERR_SENSOR, cell, ...)
 *
 * Every encode_* function returns the number of bytes written (line + "\r\n", a NUL
 * follows but is not counted), or 0 if the arguments are invalid or `cap` is too
 * small; the sequence number is consumed only on success.
 *
 * RAM: ProtoEncoder 2 bytes, ProtoLineReader 68 bytes, ProtoCommand 14 bytes; the
 * caller's TX buffer is PROTO_TX_BUFFER_SIZE (256). The code keeps some short string
 * literals (error and command names, about 200 bytes) in .data on AVR.
 */
#ifndef SENRYAKU_PROTOCOL_H
#define SENRYAKU_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

/* ---- limits ---------------------------------------------------------------------- */
static const uint8_t PROTO_VERSION = 1;
/** Longest board->host line in bytes, including "\r\n". */
static const size_t PROTO_MAX_LINE = 255;
/** Longest host->board line in bytes, including "\r\n". */
static const size_t PROTO_MAX_CMD_LINE = 64;
/** A TX buffer this big holds any board->host line plus a NUL. */
static const size_t PROTO_TX_BUFFER_SIZE = PROTO_MAX_LINE + 1;
/** Most cells (wells + pivots) a v1 frame may carry. */
static const uint8_t PROTO_MAX_CELLS = 48;
/** Most characters in the firmware version token of HELLO. */
static const uint8_t PROTO_MAX_FW_VERSION = 16;
/** Signed 24-bit range of an HX711 reading. */
static const int32_t PROTO_CELL_MIN = -8388608;
static const int32_t PROTO_CELL_MAX = 8388607;
/** Pass as `arg` of proto_encode_error when the error has no argument ("-" on the wire). */
static const int32_t PROTO_NO_ARG = -1;

/* ---- tilt switches (bit flags) ------------------------------------------------------ */
/** Bit set = the switch for that tipping direction is closed (board tipped that way). */
static const uint8_t PROTO_TILT_WHITE = 1; /* tipped toward White */
static const uint8_t PROTO_TILT_BLACK = 2; /* tipped toward Black */

/* ---- error codes: the wire names are in PROTOCOL.md, proto_error_name() gives them -- */
enum ProtoError {
  PROTO_OK = 0,
  PROTO_ERR_TOOLONG,    /* line longer than the direction's maximum */
  PROTO_ERR_BADCHAR,    /* byte outside printable ASCII 0x20..0x7E */
  PROTO_ERR_NOCRC,      /* no "*XXXX" trailer (missing '*', or not 4 uppercase hex) */
  PROTO_ERR_BADCRC,     /* CRC does not match the body */
  PROTO_ERR_BADSEQ,     /* sequence field missing or not 4 uppercase hex digits */
  PROTO_ERR_UNKNOWN,    /* unknown message / command type */
  PROTO_ERR_BADFIELDS,  /* wrong number of fields for the type */
  PROTO_ERR_BADARG,     /* a field is malformed or out of range */
  PROTO_ERR_BADCOUNT,   /* frame: cell data / stale mask length does not match cell count */
  PROTO_ERR_BADB64,     /* frame: a cell character is not in the base64 alphabet */
  PROTO_ERR_BADVERSION, /* HELLO announces a protocol version the receiver does not speak */
  PROTO_ERR_NOLEDS,     /* LED command but no LEDs fitted */
  PROTO_ERR_EEPROM,     /* EEPROM write or verify failed */
  PROTO_ERR_SENSOR,     /* a load cell did not answer in time (arg = cell index) */
  PROTO_ERR_OVERRUN,    /* board lost input bytes or missed a sample period */
  PROTO_ERROR_COUNT
};

/** Wire name of an error code ("BADCRC", ...); "OK" for PROTO_OK, "?" if out of range. */
const char *proto_error_name(ProtoError e);

/* ---- host->board commands ----------------------------------------------------------- */
enum ProtoCommandType {
  PROTO_CMD_NONE = 0, /* decode failed */
  PROTO_CMD_PING,     /* PING <seq>                 -> ACK */
  PROTO_CMD_HELLO,    /* HELLO <seq>                -> ACK, then HELLO */
  PROTO_CMD_START,    /* START <seq>                -> ACK, frames follow */
  PROTO_CMD_STOP,     /* STOP <seq>                 -> ACK, no more frames */
  PROTO_CMD_RATE,     /* RATE <seq> <10|20|40|80>   -> ACK; rate_hz */
  PROTO_CMD_SETID,    /* SETID <seq> <8 hex>        -> ACK after EEPROM write; board_id */
  PROTO_CMD_LED,      /* LED <seq> <well> <RRGGBB>  -> ACK; well, r, g, b */
  PROTO_CMD_LEDALL,   /* LEDALL <seq> <RRGGBB>      -> ACK; r, g, b */
  PROTO_CMD_LEDCLR,   /* LEDCLR <seq>               -> ACK; all LEDs off */
  PROTO_CMD_CELLRST   /* CELLRST <seq>              -> ACK; power-cycle every HX711 */
};

struct ProtoCommand {
  ProtoCommandType type; /* PROTO_CMD_NONE unless decode returned PROTO_OK */
  uint16_t id;           /* the command id = the line's sequence number */
  bool id_valid;         /* true once CRC and seq checked out: answer errors with NAK */
  uint8_t rate_hz;       /* RATE */
  uint32_t board_id;     /* SETID (never 0xFFFFFFFF: that means "unset") */
  uint8_t well;          /* LED: 0..PROTO_MAX_CELLS-1; the firmware checks its own count */
  uint8_t r, g, b;       /* LED, LEDALL */
};

/**
 * Decode one host->board line (`len` bytes, WITHOUT the "\r\n"). Fills `*out`
 * (always: on failure type = PROTO_CMD_NONE) and returns PROTO_OK or the error code.
 * Checks run in the order given in PROTOCOL.md, so the code matches the host's.
 */
ProtoError proto_decode_command(const char *line, size_t len, ProtoCommand *out);

/* ---- assembling host->board lines from serial bytes --------------------------------- */
enum ProtoLineStatus { PROTO_LINE_NONE = 0, PROTO_LINE_READY, PROTO_LINE_TOOLONG };

struct ProtoLineReader {
  char line[PROTO_MAX_CMD_LINE + 1]; /* the current line, NUL-terminated when READY */
  uint8_t len;                       /* its length without "\r\n" when READY */
  bool overflow;                     /* internal: discarding until the next '\n' */
  bool ready;                        /* internal: `line` was handed out, next byte resets */
};

void proto_reader_init(ProtoLineReader *r);
/**
 * Feed one received byte. Returns PROTO_LINE_READY when '\n' completes a line (then
 * r->line / r->len hold it, without "\r\n", until the next call), PROTO_LINE_TOOLONG
 * when '\n' ends a line that was too long (it was discarded), else PROTO_LINE_NONE.
 */
ProtoLineStatus proto_reader_feed(ProtoLineReader *r, char c);

/* ---- encoding board->host lines ----------------------------------------------------- */
struct ProtoEncoder {
  uint16_t next_seq; /* sequence number of the next line; wraps 0xFFFF -> 0x0000 */
};

void proto_encoder_init(ProtoEncoder *enc); /* next_seq = 0 */

struct ProtoHello {
  const char *firmware_version; /* 1..16 chars of [0-9A-Za-z._+-] */
  uint32_t board_id;            /* from EEPROM; 0xFFFFFFFF = never set */
  uint32_t boot_id;             /* random, new every boot */
  uint8_t well_cells;           /* 42 on a Senryaku board */
  uint8_t pivot_cells;          /* 2 */
  uint8_t sample_rate_hz;       /* 10, 20, 40 or 80 */
  uint8_t tilt_fitted;          /* PROTO_TILT_* flags of the switches fitted */
  uint8_t led_count;            /* WS2812 LEDs fitted, 0 = none */
};

size_t proto_encode_hello(ProtoEncoder *enc, const ProtoHello *hello, char *buf, size_t cap);

/**
 * cells: `cell_count` raw readings in cell-index order, each within
 * PROTO_CELL_MIN..PROTO_CELL_MAX; stale_mask: bit i set = cell i did not answer.
 * tilt: PROTO_TILT_* flags of the switches closed now.
 */
size_t proto_encode_frame(ProtoEncoder *enc, uint32_t ms, uint8_t tilt, const int32_t *cells,
                          uint8_t cell_count, uint64_t stale_mask, char *buf, size_t cap);

size_t proto_encode_tilt(ProtoEncoder *enc, uint32_t ms, uint8_t tilt, char *buf, size_t cap);
size_t proto_encode_ack(ProtoEncoder *enc, uint16_t command_id, char *buf, size_t cap);
size_t proto_encode_nak(ProtoEncoder *enc, uint16_t command_id, ProtoError code, char *buf,
                        size_t cap);
/** arg: 0..65535 (e.g. the cell index for PROTO_ERR_SENSOR) or PROTO_NO_ARG. */
size_t proto_encode_error(ProtoEncoder *enc, ProtoError code, int32_t arg, char *buf, size_t cap);

/* ---- CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout) --------- */
uint16_t proto_crc16_update(uint16_t crc, uint8_t byte);
uint16_t proto_crc16(const char *data, size_t len); /* check: "123456789" -> 0x29B1 */

#endif /* SENRYAKU_PROTOCOL_H */
