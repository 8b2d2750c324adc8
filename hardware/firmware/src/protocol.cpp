/*
 * protocol.cpp - the board's half of serial protocol v1 (see protocol.h and
 * firmware-protocol/PROTOCOL.md). No heap, no tables larger than the name lists:
 * base64 and hex digits are computed, not looked up, to keep .data small on AVR.
 */
#include "protocol.h"

#include <string.h>

/* ---- names ---------------------------------------------------------------------------- */

static const char *const ERROR_NAMES[PROTO_ERROR_COUNT] = {
    "OK",     "TOOLONG", "BADCHAR",  "NOCRC",      "BADCRC", "BADSEQ", "UNKNOWN", "BADFIELDS",
    "BADARG", "BADCOUNT", "BADB64", "BADVERSION", "NOLEDS", "EEPROM", "SENSOR",  "OVERRUN"};

const char *proto_error_name(ProtoError e) {
  if ((int)e < 0 || (int)e >= (int)PROTO_ERROR_COUNT) return "?";
  return ERROR_NAMES[e];
}

/* Command words in ProtoCommandType order, with the number of fields after the seq. */
struct CommandSpec {
  const char *word;
  uint8_t fields;
};
static const CommandSpec COMMANDS[] = {
    {"", 0},      {"PING", 0},   {"HELLO", 0},  {"START", 0},  {"STOP", 0},    {"RATE", 1},
    {"SETID", 1}, {"LED", 2},    {"LEDALL", 1}, {"LEDCLR", 0}, {"CELLRST", 0},
};
static const uint8_t COMMAND_COUNT = sizeof COMMANDS / sizeof COMMANDS[0];

/* ---- CRC ------------------------------------------------------------------------------ */

uint16_t proto_crc16_update(uint16_t crc, uint8_t byte) {
  crc ^= (uint16_t)((uint16_t)byte << 8);
  for (uint8_t bit = 0; bit < 8; bit++) {
    crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
  }
  return crc;
}

uint16_t proto_crc16(const char *data, size_t len) {
  uint16_t crc = 0xFFFFu;
  for (size_t i = 0; i < len; i++) crc = proto_crc16_update(crc, (uint8_t)data[i]);
  return crc;
}

/* ---- small field parsers (all return false on any deviation from the spec) ------------ */

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10; /* uppercase only: one spelling per value */
  return -1;
}

/* Exactly `digits` uppercase hex digits. */
static bool parse_hex(const char *s, size_t len, size_t digits, uint32_t *out) {
  if (len != digits) return false;
  uint32_t v = 0;
  for (size_t i = 0; i < len; i++) {
    int d = hex_value(s[i]);
    if (d < 0) return false;
    v = (v << 4) | (uint32_t)d;
  }
  *out = v;
  return true;
}

/* Canonical decimal: digits only, no sign, no leading zero (except "0"), <= max. */
static bool parse_decimal(const char *s, size_t len, uint32_t max, uint32_t *out) {
  if (len == 0 || len > 5) return false;
  if (len > 1 && s[0] == '0') return false;
  uint32_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (uint32_t)(s[i] - '0');
  }
  if (v > max) return false;
  *out = v;
  return true;
}

static bool parse_rgb(const char *s, size_t len, ProtoCommand *out) {
  uint32_t rgb;
  if (!parse_hex(s, len, 6, &rgb)) return false;
  out->r = (uint8_t)(rgb >> 16);
  out->g = (uint8_t)(rgb >> 8);
  out->b = (uint8_t)rgb;
  return true;
}

static bool is_allowed_rate(uint32_t hz) { return hz == 10 || hz == 20 || hz == 40 || hz == 80; }

/* ---- decoding commands ---------------------------------------------------------------- */

/* Fields of a command body: at most type, seq and 2 arguments matter; more is BADFIELDS. */
static const uint8_t MAX_TOKENS = 5;
struct Tokens {
  const char *start[MAX_TOKENS];
  uint8_t len[MAX_TOKENS];
  uint8_t count; /* real count, may exceed MAX_TOKENS */
};

/* Split at every single space; empty tokens are kept so they fail field checks. */
static void split(const char *body, size_t len, Tokens *t) {
  t->count = 0;
  size_t begin = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len || body[i] == ' ') {
      if (t->count < MAX_TOKENS) {
        t->start[t->count] = body + begin;
        t->len[t->count] = (uint8_t)(i - begin);
      }
      if (t->count < 255) t->count++;
      begin = i + 1;
    }
  }
}

static ProtoError decode_arguments(const Tokens *t, ProtoCommand *out) {
  uint32_t v;
  switch (out->type) {
  case PROTO_CMD_RATE:
    if (!parse_decimal(t->start[2], t->len[2], 255, &v) || !is_allowed_rate(v)) return PROTO_ERR_BADARG;
    out->rate_hz = (uint8_t)v;
    return PROTO_OK;
  case PROTO_CMD_SETID:
    if (!parse_hex(t->start[2], t->len[2], 8, &v) || v == 0xFFFFFFFFu) return PROTO_ERR_BADARG;
    out->board_id = v;
    return PROTO_OK;
  case PROTO_CMD_LED:
    if (!parse_decimal(t->start[2], t->len[2], PROTO_MAX_CELLS - 1, &v)) return PROTO_ERR_BADARG;
    out->well = (uint8_t)v;
    return parse_rgb(t->start[3], t->len[3], out) ? PROTO_OK : PROTO_ERR_BADARG;
  case PROTO_CMD_LEDALL:
    return parse_rgb(t->start[2], t->len[2], out) ? PROTO_OK : PROTO_ERR_BADARG;
  default:
    return PROTO_OK;
  }
}

static ProtoError fail(ProtoCommand *out, ProtoError e) {
  out->type = PROTO_CMD_NONE;
  return e;
}

ProtoError proto_decode_command(const char *line, size_t len, ProtoCommand *out) {
  memset(out, 0, sizeof *out);
  out->type = PROTO_CMD_NONE;
  if (len > PROTO_MAX_CMD_LINE - 2) return PROTO_ERR_TOOLONG;
  for (size_t i = 0; i < len; i++) {
    if ((uint8_t)line[i] < 0x20 || (uint8_t)line[i] > 0x7E) return PROTO_ERR_BADCHAR;
  }
  const char *star = (const char *)memchr(line, '*', len);
  if (!star) return PROTO_ERR_NOCRC;
  size_t body_len = (size_t)(star - line);
  uint32_t crc;
  if (!parse_hex(star + 1, len - body_len - 1, 4, &crc)) return PROTO_ERR_NOCRC;
  if (proto_crc16(line, body_len) != crc) return PROTO_ERR_BADCRC;

  Tokens t;
  split(line, body_len, &t);
  uint32_t seq;
  if (t.count < 2 || !parse_hex(t.start[1], t.len[1], 4, &seq)) return PROTO_ERR_BADSEQ;
  out->id = (uint16_t)seq;
  out->id_valid = true;

  uint8_t type = 0;
  for (uint8_t i = 1; i < COMMAND_COUNT; i++) {
    size_t wlen = strlen(COMMANDS[i].word);
    if (wlen == t.len[0] && memcmp(COMMANDS[i].word, t.start[0], wlen) == 0) type = i;
  }
  if (type == 0) return fail(out, PROTO_ERR_UNKNOWN);
  if (t.count != 2 + COMMANDS[type].fields) return fail(out, PROTO_ERR_BADFIELDS);
  out->type = (ProtoCommandType)type;
  ProtoError e = decode_arguments(&t, out);
  return e == PROTO_OK ? PROTO_OK : fail(out, e);
}

/* ---- line reader ---------------------------------------------------------------------- */

void proto_reader_init(ProtoLineReader *r) {
  r->len = 0;
  r->overflow = false;
  r->ready = false;
  r->line[0] = '\0';
}

ProtoLineStatus proto_reader_feed(ProtoLineReader *r, char c) {
  if (r->ready) { /* the previous line was handed out; this byte starts a new one */
    r->ready = false;
    r->len = 0;
    r->line[0] = '\0';
  }
  if (c == '\n') {
    size_t n = r->len;
    if (n > 0 && r->line[n - 1] == '\r') n--;
    bool too_long = r->overflow || n > PROTO_MAX_CMD_LINE - 2;
    r->overflow = false;
    r->ready = !too_long;
    r->len = too_long ? 0 : (uint8_t)n;
    r->line[r->len] = '\0';
    return too_long ? PROTO_LINE_TOOLONG : PROTO_LINE_READY;
  }
  if (r->overflow) return PROTO_LINE_NONE;
  if (r->len >= PROTO_MAX_CMD_LINE - 1) { /* holds 62 chars + the '\r' before '\n' */
    r->overflow = true;
    return PROTO_LINE_NONE;
  }
  r->line[r->len++] = c;
  r->line[r->len] = '\0';
  return PROTO_LINE_NONE;
}

/* ---- encoding ------------------------------------------------------------------------- */

/* Appends to a caller buffer, remembering if anything did not fit. */
struct Writer {
  char *buf;
  size_t cap;
  size_t pos;
  bool full;
};

static void put_char(Writer *w, char c) {
  if (w->pos + 1 >= w->cap) { /* keep one byte for the NUL */
    w->full = true;
    return;
  }
  w->buf[w->pos++] = c;
}

static void put_str(Writer *w, const char *s) {
  while (*s) put_char(w, *s++);
}

static char hex_digit(uint32_t nibble) {
  nibble &= 0xFu;
  return (char)(nibble < 10 ? '0' + nibble : 'A' + nibble - 10);
}

static void put_hex(Writer *w, uint32_t v, uint8_t digits) {
  for (int8_t i = (int8_t)(digits - 1); i >= 0; i--) put_char(w, hex_digit(v >> (4 * i)));
}

static void put_decimal(Writer *w, uint32_t v) {
  char tmp[10];
  uint8_t n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) put_char(w, tmp[--n]);
}

static char base64_digit(uint32_t sextet) {
  sextet &= 63u;
  if (sextet < 26) return (char)('A' + sextet);
  if (sextet < 52) return (char)('a' + sextet - 26);
  if (sextet < 62) return (char)('0' + sextet - 52);
  return sextet == 62 ? '+' : '/';
}

/* 24-bit two's complement, big-endian, as 4 base64 characters. */
static void put_cell(Writer *w, int32_t value) {
  uint32_t bits = (uint32_t)value & 0xFFFFFFu;
  for (int8_t shift = 18; shift >= 0; shift -= 6) put_char(w, base64_digit(bits >> shift));
}

static void put_tilt(Writer *w, uint8_t tilt) {
  put_char(w, (tilt & PROTO_TILT_WHITE) ? 'W' : '-');
  put_char(w, (tilt & PROTO_TILT_BLACK) ? 'B' : '-');
}

/* "<TYPE> <seq>" */
static void begin(Writer *w, const ProtoEncoder *enc, const char *type, char *buf, size_t cap) {
  w->buf = buf;
  w->cap = cap;
  w->pos = 0;
  w->full = (buf == 0 || cap == 0);
  put_str(w, type);
  put_char(w, ' ');
  put_hex(w, enc->next_seq, 4);
}

/* "*<CRC>\r\n", NUL; consumes the sequence number. Returns 0 if it did not fit. */
static size_t finish(Writer *w, ProtoEncoder *enc) {
  if (w->full) return 0;
  uint16_t crc = proto_crc16(w->buf, w->pos);
  put_char(w, '*');
  put_hex(w, crc, 4);
  put_char(w, '\r');
  put_char(w, '\n');
  if (w->full || w->pos > PROTO_MAX_LINE) return 0;
  w->buf[w->pos] = '\0';
  enc->next_seq++; /* uint16_t: wraps 0xFFFF -> 0 */
  return w->pos;
}

void proto_encoder_init(ProtoEncoder *enc) { enc->next_seq = 0; }

static bool is_firmware_version(const char *s) {
  size_t n = 0;
  for (; s[n]; n++) {
    char c = s[n];
    bool ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              c == '.' || c == '_' || c == '+' || c == '-';
    if (!ok || n >= PROTO_MAX_FW_VERSION) return false;
  }
  return n > 0;
}

size_t proto_encode_hello(ProtoEncoder *enc, const ProtoHello *h, char *buf, size_t cap) {
  if (!h || !h->firmware_version || !is_firmware_version(h->firmware_version)) return 0;
  if (h->well_cells == 0 || h->well_cells + h->pivot_cells > PROTO_MAX_CELLS) return 0;
  if (!is_allowed_rate(h->sample_rate_hz) || h->tilt_fitted > 3) return 0;
  Writer w;
  begin(&w, enc, "HELLO", buf, cap);
  put_char(&w, ' ');
  put_decimal(&w, PROTO_VERSION);
  put_char(&w, ' ');
  put_str(&w, h->firmware_version);
  put_char(&w, ' ');
  put_hex(&w, h->board_id, 8);
  put_char(&w, ' ');
  put_hex(&w, h->boot_id, 8);
  put_char(&w, ' ');
  put_decimal(&w, h->well_cells);
  put_char(&w, ' ');
  put_decimal(&w, h->pivot_cells);
  put_char(&w, ' ');
  put_decimal(&w, h->sample_rate_hz);
  put_char(&w, ' ');
  put_tilt(&w, h->tilt_fitted);
  put_char(&w, ' ');
  put_decimal(&w, h->led_count);
  return finish(&w, enc);
}

size_t proto_encode_frame(ProtoEncoder *enc, uint32_t ms, uint8_t tilt, const int32_t *cells,
                          uint8_t cell_count, uint64_t stale_mask, char *buf, size_t cap) {
  if (!cells || cell_count == 0 || cell_count > PROTO_MAX_CELLS || tilt > 3) return 0;
  if (cell_count < 64 && (stale_mask >> cell_count) != 0) return 0;
  for (uint8_t i = 0; i < cell_count; i++) {
    if (cells[i] < PROTO_CELL_MIN || cells[i] > PROTO_CELL_MAX) return 0;
  }
  Writer w;
  begin(&w, enc, "FRAME", buf, cap);
  put_char(&w, ' ');
  put_hex(&w, ms, 8);
  put_char(&w, ' ');
  put_tilt(&w, tilt);
  put_char(&w, ' ');
  /* ceil(cell_count / 4) hex digits, most significant first; bit i = cell i */
  for (int8_t d = (int8_t)((cell_count + 3) / 4 - 1); d >= 0; d--) {
    put_char(&w, hex_digit((uint32_t)(stale_mask >> (4 * d))));
  }
  put_char(&w, ' ');
  for (uint8_t i = 0; i < cell_count; i++) put_cell(&w, cells[i]);
  return finish(&w, enc);
}

size_t proto_encode_tilt(ProtoEncoder *enc, uint32_t ms, uint8_t tilt, char *buf, size_t cap) {
  if (tilt > 3) return 0;
  Writer w;
  begin(&w, enc, "TILT", buf, cap);
  put_char(&w, ' ');
  put_hex(&w, ms, 8);
  put_char(&w, ' ');
  put_tilt(&w, tilt);
  return finish(&w, enc);
}

size_t proto_encode_ack(ProtoEncoder *enc, uint16_t command_id, char *buf, size_t cap) {
  Writer w;
  begin(&w, enc, "ACK", buf, cap);
  put_char(&w, ' ');
  put_hex(&w, command_id, 4);
  return finish(&w, enc);
}

static bool is_reportable(ProtoError code) { return code > PROTO_OK && code < PROTO_ERROR_COUNT; }

size_t proto_encode_nak(ProtoEncoder *enc, uint16_t command_id, ProtoError code, char *buf,
                        size_t cap) {
  if (!is_reportable(code)) return 0;
  Writer w;
  begin(&w, enc, "NAK", buf, cap);
  put_char(&w, ' ');
  put_hex(&w, command_id, 4);
  put_char(&w, ' ');
  put_str(&w, proto_error_name(code));
  return finish(&w, enc);
}

size_t proto_encode_error(ProtoEncoder *enc, ProtoError code, int32_t arg, char *buf, size_t cap) {
  if (!is_reportable(code) || arg < PROTO_NO_ARG || arg > 65535) return 0;
  Writer w;
  begin(&w, enc, "ERR", buf, cap);
  put_char(&w, ' ');
  put_str(&w, proto_error_name(code));
  put_char(&w, ' ');
  if (arg == PROTO_NO_ARG) {
    put_char(&w, '-');
  } else {
    put_decimal(&w, (uint32_t)arg);
  }
  return finish(&w, enc);
}
