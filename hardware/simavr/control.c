// The control channel: one command per line on stdin, answers and events on stdout.
//
//   CELL <i> <counts>        raw 24-bit reading of cell i (two's complement, decimal)
//   CELLS <c0> <c1> ...      every cell from 0, in one line
//   CELLOFF <i> <0|1>        1 = cell i's HX711 never answers (DOUT stuck high)
//   TILT <0|1> <0|1> [n]     switch 0 (toward White) or 1 (Black): 1 = open (tipped),
//                            with n contact bounces
//   RESET                    reset the chip (the EEPROM keeps its contents)
//   HANG                     test builds: the main loop hangs until the next reset
//   GO                       lockstep: let the conversion announced by CONV proceed
//   TIME / STACK / HX / PC   report simulated time, RAM headroom, HX711 counters, the
//                            program counter (byte address, for avr-objdump)
//   PEEK <addr>              one byte of data space (registers, I/O, RAM), decimal address
//   QUIT
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

static char pending[65536];
static size_t pending_len;

static long arg(char **save) {
  const char *tok = strtok_r(NULL, " \t", save);
  return tok ? strtol(tok, NULL, 10) : 0;
}

void control_handle_line(avr_t *avr, char *line) {
  char *save = NULL;
  const char *cmd = strtok_r(line, " \t\r", &save);
  if (!cmd) return;
  if (!strcmp(cmd, "CELL")) {
    const long cell = arg(&save);
    hx711_set((int)cell, (int32_t)arg(&save));
  } else if (!strcmp(cmd, "CELLS")) {
    const char *tok;
    for (int c = 0; (tok = strtok_r(NULL, " \t", &save)) != NULL; c++) hx711_set(c, (int32_t)strtol(tok, NULL, 10));
  } else if (!strcmp(cmd, "CELLOFF")) {
    const long cell = arg(&save);
    hx711_disconnect((int)cell, (int)arg(&save));
  } else if (!strcmp(cmd, "TILT")) {
    const long side = arg(&save);
    const long level = arg(&save);
    tilt_set(avr, (int)side, (int)level, (int)arg(&save));
  } else if (!strcmp(cmd, "RESET")) {
    avr_reset(avr);
  } else if (!strcmp(cmd, "HANG")) {
    test_pins_hang(avr, 1);
  } else if (!strcmp(cmd, "GO")) {
    hx711_waiting_for_go = 0;
  } else if (!strcmp(cmd, "TIME")) {
    harness_event("TIME %llu", (unsigned long long)harness_now_us(avr));
  } else if (!strcmp(cmd, "PEEK")) {
    const long addr = arg(&save);
    if (addr >= 0 && addr <= (long)avr->ramend) harness_event("PEEK 0x%lx 0x%02x", addr, avr->data[addr]);
  } else if (!strcmp(cmd, "PC")) {
    harness_event("PC 0x%x", avr->pc);
  } else if (!strcmp(cmd, "STACK")) {
    stack_paint_report(avr);
  } else if (!strcmp(cmd, "HX")) {
    hx711_report();
  } else if (!strcmp(cmd, "QUIT")) {
    exit(0);
  } else {
    harness_event("BADCOMMAND %s", cmd);
  }
}

int control_poll(avr_t *avr) {
  for (;;) {
    const ssize_t n = read(STDIN_FILENO, pending + pending_len, sizeof pending - pending_len - 1);
    if (n == 0) return 0;
    if (n < 0) return errno == EAGAIN || errno == EINTR ? 1 : 0;
    pending_len += (size_t)n;
    char *start = pending;
    char *nl;
    while ((nl = memchr(start, '\n', pending_len - (size_t)(start - pending))) != NULL) {
      *nl = 0;
      control_handle_line(avr, start);
      start = nl + 1;
    }
    pending_len -= (size_t)(start - pending);
    memmove(pending, start, pending_len);
    if (pending_len >= sizeof pending - 1) pending_len = 0;  // a line longer than the buffer: dropped
  }
}
