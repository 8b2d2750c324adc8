// senryaku-simavr: runs a firmware .elf on a simulated AVR with the referee board's parts
// around it (HX711 bank, tilt switches, WS2812 observer), or a prebuilt .hex on an Uno
// with the scoring board's MAX7219s (--parts scoreboard), UART0 on a pseudo-terminal and
// a control channel on stdin/stdout. See README.md for the options and the channel.
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_cycle_timers.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_hex.h>
#include <simavr/sim_time.h>

#include "harness.h"

// Instructions between two looks at the pty and the control channel: ~0.1 ms simulated
// when throttled, ~1.5 ms in fast mode (where the look itself is a good part of the cost).
enum { kBatch = 1500, kFastBatch = 20000 };

static int fast;
// Which parts surround the chip: the referee board's (default) or the scoring board's.
static int scoreboard;
static void (*core_reset)(avr_t *);

uint64_t harness_now_us(avr_t *avr) { return avr_cycles_to_usec(avr, avr->cycle); }

void harness_event(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stdout, fmt, ap);
  va_end(ap);
  fputc('\n', stdout);
  fflush(stdout);
}

static void log_to_stderr(avr_t *avr, const int level, const char *format, va_list ap) {
  (void)avr;
  if (level <= LOG_WARNING) vfprintf(stderr, format, ap);
}

static uint64_t wall_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

// Runs once the reset (simavr's, or the watchdog's) has finished resetting the I/O
// modules, which would otherwise overwrite the pin levels set here.
static avr_cycle_count_t after_reset(avr_t *avr, avr_cycle_count_t when, void *param) {
  (void)when, (void)param;
  if (!scoreboard) {
    stack_paint_apply(avr);
    hx711_on_reset(avr);
    tilt_on_reset(avr);
    test_pins_on_reset(avr);
  }
  harness_event("RESET %llu", (unsigned long long)harness_now_us(avr));
  return 0;
}

static void on_reset(avr_t *avr) {
  if (core_reset) core_reset(avr);
  avr_cycle_timer_register(avr, 1, after_reset, NULL);
}

// In fast mode a sleeping chip must not sleep the harness for real.
static void no_sleep(avr_t *avr, avr_cycle_count_t howLong) { (void)avr, (void)howLong; }

// A prebuilt Intel HEX image (StandardFirmata's): flash only, from address 0, no
// bootloader; the chip starts at the reset vector like a freshly flashed board.
static int load_hex(avr_t *avr, const char *path) {
  ihex_chunk_p chunks = NULL;
  const int n = read_ihex_chunks(path, &chunks);
  if (n <= 0) {
    fprintf(stderr, "senryaku-simavr: cannot read %s\n", path);
    return 0;
  }
  for (int i = 0; i < n; i++) {
    if (chunks[i].baseaddr + chunks[i].size > avr->flashend + 1) {
      fprintf(stderr, "senryaku-simavr: %s does not fit this chip's flash (chunk at 0x%x)\n", path, chunks[i].baseaddr);
      free_ihex_chunks(chunks);
      return 0;
    }
    avr_loadcode(avr, chunks[i].data, chunks[i].size, chunks[i].baseaddr);
  }
  free_ihex_chunks(chunks);
  avr->pc = 0;
  avr->codeend = avr->flashend;
  return 1;
}

static void usage(void) {
  fprintf(stderr,
          "usage: senryaku-simavr [--fast] [--lockstep] [--cells N] [--seed N] [--noise COUNTS]\n"
          "                       [--mcu atmega2560] [--freq 16000000] FIRMWARE.elf\n"
          "       senryaku-simavr --parts scoreboard [--fast] [--mcu atmega328p] --hex FIRMWARE.hex\n");
  exit(2);
}

int main(int argc, char **argv) {
  const char *elf = NULL, *hex = NULL, *mcu = NULL;
  int cells = 44, noise = 4;
  uint32_t seed = 1, freq = 16000000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--fast")) fast = 1;
    else if (!strcmp(argv[i], "--lockstep")) hx711_lockstep = 1;
    else if (!strcmp(argv[i], "--cells") && i + 1 < argc) cells = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = (uint32_t)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--noise") && i + 1 < argc) noise = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--mcu") && i + 1 < argc) mcu = argv[++i];
    else if (!strcmp(argv[i], "--freq") && i + 1 < argc) freq = (uint32_t)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--hex") && i + 1 < argc) hex = argv[++i];
    else if (!strcmp(argv[i], "--parts") && i + 1 < argc) {
      const char *parts = argv[++i];
      if (!strcmp(parts, "scoreboard")) scoreboard = 1;
      else if (strcmp(parts, "referee")) usage();
    }
    else if (argv[i][0] == '-') usage();
    else elf = argv[i];
  }
  if (!elf == !hex) usage();
  if (!mcu) mcu = scoreboard ? "atmega328p" : "atmega2560";
  avr_global_logger_set(log_to_stderr);

  elf_firmware_t fw;
  memset(&fw, 0, sizeof fw);
  if (elf && elf_read_firmware(elf, &fw) != 0) {
    fprintf(stderr, "senryaku-simavr: cannot read %s\n", elf);
    return 1;
  }
  avr_t *avr = avr_make_mcu_by_name(mcu);
  if (!avr) {
    fprintf(stderr, "senryaku-simavr: unknown mcu %s\n", mcu);
    return 1;
  }
  avr_init(avr);
  avr->frequency = freq;
  if (elf) {
    avr_load_firmware(avr, &fw);
  } else if (!load_hex(avr, hex)) {
    return 1;
  }
  if (fast) avr->sleep = no_sleep;
  core_reset = avr->reset;
  avr->reset = on_reset;

  const char *pty = uart_bridge_init(avr);
  if (!pty) {
    perror("senryaku-simavr: openpty");
    return 1;
  }
  if (scoreboard) {
    max7219_init(avr);
  } else {
    hx711_init(avr, cells, seed, noise);
    tilt_init(avr);
    ws2812_init(avr);
    test_pins_init(avr);
    // Static data ends at RAMSTART (just past the I/O space) + .data + .bss (an .elf only).
    if (elf) stack_paint_init(avr, avr->ioend + 1 + fw.datasize + fw.bsssize);
  }

  fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK);
  harness_event("PTY %s", pty);

  const uint64_t wall_start = wall_us();
  uint64_t sim_origin = harness_now_us(avr);
  uint64_t wall_origin = wall_start;
  for (;;) {
    for (int i = 0, n = fast ? kFastBatch : kBatch; i < n && !hx711_waiting_for_go; i++) {
      const int state = avr_run(avr);
      if (state == cpu_Done || state == cpu_Crashed) {
        fprintf(stderr, "senryaku-simavr: the chip stopped (state %d) at pc 0x%x\n", state, avr->pc);
        return 3;
      }
    }
    // Wait for input only when the chip may not go on: lockstep, or ahead of real time.
    int wait_ms = 0;
    if (hx711_waiting_for_go) {
      wait_ms = 100;
    } else if (!fast) {
      const uint64_t sim = harness_now_us(avr) - sim_origin;
      const uint64_t wall = wall_us() - wall_origin;
      if (sim > wall + 1000) wait_ms = (int)((sim - wall) / 1000);
      // Far behind (a loaded machine): do not sprint to catch up, carry on from here.
      if (wall > sim + 200000) sim_origin = harness_now_us(avr), wall_origin = wall_us();
    }
    struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {uart_bridge_fd(), uart_bridge_has_room() ? POLLIN : 0, 0}};
    if (poll(fds, 2, wait_ms) > 0) {
      if ((fds[0].revents & (POLLIN | POLLHUP)) && !control_poll(avr)) return 0;
      if (fds[1].revents & POLLIN) uart_bridge_poll(avr);
    }
  }
}
