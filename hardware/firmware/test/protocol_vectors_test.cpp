/*
 * Runs the protocol v1 vectors (firmware-protocol/vectors/) against the firmware's
 * protocol module, built with the host's g++:
 *
 *   g++ -std=gnu++11 -Wall -Wextra -Werror -Ihardware/firmware/src \
 *       hardware/firmware/test/protocol_vectors_test.cpp hardware/firmware/src/protocol.cpp \
 *       -o /tmp/protocol_vectors_test
 *   /tmp/protocol_vectors_test firmware-protocol/vectors
 *
 * h2b lines are decoded and compared with the expected canonical form or error code.
 * b2h lines with an "ok" expectation are re-encoded from the canonical fields and
 * compared byte for byte (the board never decodes b2h lines, so "err" ones are skipped).
 * A few checks of things vectors cannot express (line reader, refusals) run first.
 * Exit code: 0 if everything matched, 1 otherwise; every mismatch is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"

static int failures = 0;
static int checked = 0;
static int skipped = 0;

static void failf(const char *where, const char *what, const char *expected, const char *actual) {
  failures++;
  printf("FAIL %s: %s\n  expected: %s\n  actual:   %s\n", where, what, expected, actual);
}

static void check(bool ok, const char *where, const char *what) {
  checked++;
  if (!ok) failf(where, what, "true", "false");
}

/* ---- vector file parsing --------------------------------------------------------------- */

static const size_t MAX_TEXT = 4096;

/* "\\" -> '\', "\xNN" -> byte NN. Returns the length, or -1 on a bad escape. */
static long unescape(const char *in, char *out, size_t cap) {
  size_t n = 0;
  for (const char *p = in; *p; p++) {
    if (n + 1 >= cap) return -1;
    if (*p != '\\') {
      out[n++] = *p;
    } else if (p[1] == '\\') {
      out[n++] = '\\';
      p++;
    } else if (p[1] == 'x' && p[2] && p[3]) {
      char hex[3] = {p[2], p[3], 0};
      char *end;
      long v = strtol(hex, &end, 16);
      if (*end) return -1;
      out[n++] = (char)v;
      p += 3;
    } else {
      return -1;
    }
  }
  out[n] = 0;
  return (long)n;
}

/* The value of `key=` in a canonical form ("type=frame seq=1 ..."), copied into out. */
static bool field(const char *canonical, const char *key, char *out, size_t cap) {
  size_t klen = strlen(key);
  for (const char *p = canonical; p && *p; p = strchr(p, ' '), p = p ? p + 1 : p) {
    if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
      const char *v = p + klen + 1;
      size_t vlen = strcspn(v, " ");
      if (vlen >= cap) return false;
      memcpy(out, v, vlen);
      out[vlen] = 0;
      return true;
    }
  }
  return false;
}

static unsigned long number(const char *canonical, const char *key, int base) {
  char v[32];
  if (!field(canonical, key, v, sizeof v)) return 0xDEADBEEFul;
  return strtoul(v, 0, base);
}

static uint8_t tilt_flags(const char *token) {
  return (uint8_t)((token[0] == 'W' ? PROTO_TILT_WHITE : 0) | (token[1] == 'B' ? PROTO_TILT_BLACK : 0));
}

/* ---- host -> board: decode --------------------------------------------------------------- */

static bool error_has_id(ProtoError e) {
  return e == PROTO_ERR_UNKNOWN || e == PROTO_ERR_BADFIELDS || e == PROTO_ERR_BADARG;
}

static const char *command_name(ProtoCommandType t) {
  switch (t) {
  case PROTO_CMD_PING: return "ping";
  case PROTO_CMD_HELLO: return "hello";
  case PROTO_CMD_START: return "start";
  case PROTO_CMD_STOP: return "stop";
  case PROTO_CMD_RATE: return "rate";
  case PROTO_CMD_SETID: return "setid";
  case PROTO_CMD_LED: return "led";
  case PROTO_CMD_LEDALL: return "ledall";
  case PROTO_CMD_LEDCLR: return "ledclr";
  case PROTO_CMD_CELLRST: return "cellrst";
  default: return "none";
  }
}

static void canonical_command(const ProtoCommand *c, char *out, size_t cap) {
  int n = snprintf(out, cap, "ok type=%s seq=%u", command_name(c->type), (unsigned)c->id);
  size_t used = n > 0 ? (size_t)n : 0;
  switch (c->type) {
  case PROTO_CMD_RATE: snprintf(out + used, cap - used, " hz=%u", (unsigned)c->rate_hz); break;
  case PROTO_CMD_SETID: snprintf(out + used, cap - used, " board=%08lX", (unsigned long)c->board_id); break;
  case PROTO_CMD_LED:
    snprintf(out + used, cap - used, " well=%u rgb=%02X%02X%02X", (unsigned)c->well, c->r, c->g, c->b);
    break;
  case PROTO_CMD_LEDALL: snprintf(out + used, cap - used, " rgb=%02X%02X%02X", c->r, c->g, c->b); break;
  default: break;
  }
}

static void run_h2b(const char *where, const char *line, size_t len, const char *expect) {
  checked++;
  ProtoCommand cmd;
  ProtoError e = proto_decode_command(line, len, &cmd);
  char actual[256];
  if (e == PROTO_OK) {
    canonical_command(&cmd, actual, sizeof actual);
  } else {
    snprintf(actual, sizeof actual, "err %s", proto_error_name(e));
    if (cmd.type != PROTO_CMD_NONE) failf(where, "failed decode must leave type NONE", "none", command_name(cmd.type));
    if (cmd.id_valid != error_has_id(e)) {
      failf(where, "id_valid (NAK vs ERR)", error_has_id(e) ? "true" : "false", cmd.id_valid ? "true" : "false");
    }
  }
  if (strcmp(actual, expect) != 0) failf(where, "decoded", expect, actual);
}

/* ---- board -> host: re-encode ------------------------------------------------------------ */

static ProtoError error_code(const char *name) {
  for (int e = 1; e < PROTO_ERROR_COUNT; e++) {
    if (strcmp(proto_error_name((ProtoError)e), name) == 0) return (ProtoError)e;
  }
  return PROTO_OK;
}

/* Cells and stale list of a canonical frame. */
static bool frame_cells(const char *canonical, int32_t *cells, uint8_t *count, uint64_t *stale) {
  static char text[MAX_TEXT];
  if (!field(canonical, "cells", text, sizeof text)) return false;
  *count = 0;
  for (char *p = text; *p;) {
    if (*count >= PROTO_MAX_CELLS) return false;
    cells[(*count)++] = (int32_t)strtol(p, &p, 10);
    if (*p == ',') p++;
  }
  if (!field(canonical, "stale", text, sizeof text)) return false;
  *stale = 0;
  if (strcmp(text, "-") != 0) {
    for (char *p = text; *p;) {
      *stale |= (uint64_t)1 << strtoul(p, &p, 10);
      if (*p == ',') p++;
    }
  }
  return true;
}

static size_t encode_canonical(const char *c, char *buf, size_t cap) {
  char type[16], token[64];
  if (!field(c, "type", type, sizeof type)) return 0;
  ProtoEncoder enc;
  enc.next_seq = (uint16_t)number(c, "seq", 10);
  if (strcmp(type, "hello") == 0) {
    static char fw[32];
    char tilts[8];
    if (!field(c, "fw", fw, sizeof fw) || !field(c, "tilts", tilts, sizeof tilts)) return 0;
    if (number(c, "proto", 10) != PROTO_VERSION) return 0;
    ProtoHello h = {fw,
                    (uint32_t)number(c, "board", 16),
                    (uint32_t)number(c, "boot", 16),
                    (uint8_t)number(c, "wells", 10),
                    (uint8_t)number(c, "pivots", 10),
                    (uint8_t)number(c, "rate", 10),
                    tilt_flags(tilts),
                    (uint8_t)number(c, "leds", 10)};
    return proto_encode_hello(&enc, &h, buf, cap);
  }
  if (strcmp(type, "frame") == 0) {
    int32_t cells[PROTO_MAX_CELLS];
    uint8_t count;
    uint64_t stale;
    if (!frame_cells(c, cells, &count, &stale) || !field(c, "tilt", token, sizeof token)) return 0;
    return proto_encode_frame(&enc, (uint32_t)number(c, "ms", 10), tilt_flags(token), cells, count, stale, buf, cap);
  }
  if (strcmp(type, "tilt") == 0) {
    if (!field(c, "tilt", token, sizeof token)) return 0;
    return proto_encode_tilt(&enc, (uint32_t)number(c, "ms", 10), tilt_flags(token), buf, cap);
  }
  if (strcmp(type, "ack") == 0) return proto_encode_ack(&enc, (uint16_t)number(c, "cmd", 10), buf, cap);
  if (!field(c, "code", token, sizeof token)) return 0;
  if (strcmp(type, "nak") == 0) {
    return proto_encode_nak(&enc, (uint16_t)number(c, "cmd", 10), error_code(token), buf, cap);
  }
  if (strcmp(type, "error") == 0) {
    char arg[16];
    if (!field(c, "arg", arg, sizeof arg)) return 0;
    int32_t a = strcmp(arg, "-") == 0 ? PROTO_NO_ARG : (int32_t)strtol(arg, 0, 10);
    return proto_encode_error(&enc, error_code(token), a, buf, cap);
  }
  return 0;
}

static void run_b2h(const char *where, const char *line, size_t len, const char *expect) {
  if (strncmp(expect, "ok ", 3) != 0) {
    skipped++; /* the board does not decode its own lines */
    return;
  }
  checked++;
  char buf[PROTO_TX_BUFFER_SIZE];
  size_t n = encode_canonical(expect + 3, buf, sizeof buf);
  if (n < 2 || buf[n - 2] != '\r' || buf[n - 1] != '\n' || buf[n] != '\0') {
    failf(where, "encoder refused or did not end with CR LF + NUL", line, n ? buf : "(0 bytes)");
    return;
  }
  buf[n - 2] = 0;
  if (n - 2 != len || memcmp(buf, line, len) != 0) failf(where, "encoded", line, buf);
}

static int run_file(const char *dir, const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    printf("FAIL cannot open %s\n", path);
    failures++;
    return 0;
  }
  static char text[MAX_TEXT], line[MAX_TEXT];
  int line_no = 0, vectors = 0;
  while (fgets(text, sizeof text, f)) {
    line_no++;
    text[strcspn(text, "\n")] = 0;
    if (text[0] == 0 || text[0] == '#') continue;
    char where[1100];
    snprintf(where, sizeof where, "%s:%d", name, line_no);
    char *tab1 = strchr(text, '\t');
    char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : 0;
    if (!tab1 || !tab2 || strchr(tab2 + 1, '\t')) {
      failf(where, "malformed vector line", "direction<TAB>line<TAB>expect", text);
      continue;
    }
    *tab1 = *tab2 = 0;
    long len = unescape(tab1 + 1, line, sizeof line);
    if (len < 0) {
      failf(where, "bad escape in line column", "\\\\ or \\xNN", tab1 + 1);
      continue;
    }
    vectors++;
    if (strcmp(text, "h2b") == 0) {
      run_h2b(where, line, (size_t)len, tab2 + 1);
    } else if (strcmp(text, "b2h") == 0) {
      run_b2h(where, line, (size_t)len, tab2 + 1);
    } else {
      failf(where, "direction", "h2b or b2h", text);
    }
  }
  fclose(f);
  if (vectors == 0) failf(path, "vector count", "> 0", "0");
  return vectors;
}

/* ---- checks the vectors cannot express ----------------------------------------------- */

static ProtoLineStatus feed_all(ProtoLineReader *r, const char *bytes) {
  ProtoLineStatus last = PROTO_LINE_NONE;
  for (const char *p = bytes; *p; p++) last = proto_reader_feed(r, *p);
  return last;
}

static void self_checks(void) {
  check(proto_crc16("123456789", 9) == 0x29B1, "crc16", "check value 0x29B1");

  ProtoLineReader r;
  proto_reader_init(&r);
  check(feed_all(&r, "PING 0001*XXXX\r\n") == PROTO_LINE_READY, "reader", "CR LF line is READY");
  check(r.len == 14 && strcmp(r.line, "PING 0001*XXXX") == 0, "reader", "CR LF stripped");
  check(feed_all(&r, "AB\n") == PROTO_LINE_READY && strcmp(r.line, "AB") == 0, "reader", "next line starts fresh");
  char long_line[80];
  memset(long_line, 'A', 63);
  strcpy(long_line + 63, "\r\n");
  check(feed_all(&r, long_line) == PROTO_LINE_TOOLONG, "reader", "63 chars is TOOLONG");
  check(feed_all(&r, "OK\r\n") == PROTO_LINE_READY && strcmp(r.line, "OK") == 0, "reader", "recovers after TOOLONG");
  memset(long_line, 'B', 62);
  strcpy(long_line + 62, "\r\n");
  check(feed_all(&r, long_line) == PROTO_LINE_READY && r.len == 62, "reader", "62 chars fit");
  memset(long_line, 'C', 70);
  long_line[70] = 0;
  check(feed_all(&r, long_line) == PROTO_LINE_NONE && feed_all(&r, "\n") == PROTO_LINE_TOOLONG, "reader",
        "70 chars without CR is TOOLONG");

  ProtoEncoder enc;
  proto_encoder_init(&enc);
  char buf[PROTO_TX_BUFFER_SIZE];
  int32_t cells[PROTO_MAX_CELLS] = {0};
  check(proto_encode_ack(&enc, 1, buf, 10) == 0 && enc.next_seq == 0, "encoder", "too small a buffer: 0, seq kept");
  check(proto_encode_frame(&enc, 0, 0, cells, 42, (uint64_t)1 << 42, buf, sizeof buf) == 0, "encoder",
        "stale bit beyond the cell count refused");
  check(proto_encode_frame(&enc, 0, 0, cells, PROTO_MAX_CELLS + 1, 0, buf, sizeof buf) == 0, "encoder",
        "too many cells refused");
  cells[3] = PROTO_CELL_MAX + 1;
  check(proto_encode_frame(&enc, 0, 0, cells, 44, 0, buf, sizeof buf) == 0, "encoder", "25-bit value refused");
  cells[3] = 0;
  check(proto_encode_tilt(&enc, 0, 4, buf, sizeof buf) == 0, "encoder", "unknown tilt bit refused");
  check(proto_encode_nak(&enc, 1, PROTO_OK, buf, sizeof buf) == 0, "encoder", "NAK OK refused");
  check(proto_encode_error(&enc, PROTO_ERR_SENSOR, 65536, buf, sizeof buf) == 0, "encoder", "arg > 65535 refused");
  ProtoHello h = {"1.0.0 beta", 1, 2, 42, 2, 80, 3, 0};
  check(proto_encode_hello(&enc, &h, buf, sizeof buf) == 0, "encoder", "space in firmware version refused");
  h.firmware_version = "1.0.0";
  h.sample_rate_hz = 50;
  check(proto_encode_hello(&enc, &h, buf, sizeof buf) == 0, "encoder", "rate 50 refused");
  check(enc.next_seq == 0, "encoder", "refusals consume no sequence number");
  enc.next_seq = 0xFFFF;
  check(proto_encode_ack(&enc, 1, buf, sizeof buf) == 20 && enc.next_seq == 0, "encoder", "seq wraps FFFF -> 0000");
  check(proto_encode_frame(&enc, 0, 0, cells, 44, 0, buf, sizeof buf) == 218, "encoder", "44-cell frame is 218 bytes");
  check(proto_encode_frame(&enc, 0, 0, cells, 48, 0, buf, sizeof buf) == 235, "encoder", "48-cell frame is 235 bytes");
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "firmware-protocol/vectors";
  self_checks();
  int vectors = run_file(dir, "host-to-board.vectors") + run_file(dir, "board-to-host.vectors");
  printf("%d vectors read, %d checks, %d b2h error vectors skipped (board does not decode), %d failures\n", vectors,
         checked, skipped, failures);
  return failures == 0 ? 0 : 1;
}
