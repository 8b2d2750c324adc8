// One HX711 per load cell, all on the firmware's shared SCK (PG5), each on its own DOUT
// pin (the table of hardware/firmware/src/pins.h). The model follows the datasheet:
// a conversion every 12.5 ms (80 SPS); DOUT low = data ready; each rising SCK edge
// shifts out the next bit, MSB first, of a 24-bit two's-complement value; pulse 25, 26
// or 27 ends the read (DOUT high) and picks the next gain/channel; SCK high for more
// than 60 us powers the chip down, and it restarts (settling) when SCK goes low.
//
// Every chip converts in phase (the firmware's reset powers them down together), so one
// model instance drives all DOUT pins. What the chip saw is counted, so a test can ask
// whether the firmware read every conversion ("HX" event).
#include <stdlib.h>
#include <string.h>

#include <simavr/avr_ioport.h>
#include <simavr/sim_cycle_timers.h>
#include <simavr/sim_irq.h>
#include <simavr/sim_time.h>

#include "harness.h"

enum {
  kPeriodUs = 12500,     // 80 SPS (RATE pin high)
  kPowerDownUs = 60,     // SCK high longer than this powers the chip down
  kSettleUs = 50000,     // 4 periods at 80 SPS before the first conversion after wake
};

static const char kPortOfGroup[6] = {'A', 'C', 'L', 'K', 'F', 'H'};
static const uint8_t kShiftOfGroup[6] = {0, 0, 0, 0, 0, 3};

int hx711_lockstep;
int hx711_waiting_for_go;

static avr_t *chip;
static int cell_count;
static uint8_t dout_bit[HX711_MAX_CELLS];
static int32_t input[HX711_MAX_CELLS];        // what the host set: the cell's raw count
static int disconnected[HX711_MAX_CELLS];     // DOUT stuck high: the chip never answers
static uint32_t latched[HX711_MAX_CELLS];     // the conversion being read, 24 bits
static uint32_t rng_state;
static int noise;

static int ready;            // a conversion waits to be read (DOUT low)
static int pulses;           // rising SCK edges in this read
static int powered_down;
static int sck_high;
static uint64_t burst_start_us, burst_end_us;
static avr_cycle_count_t next_conversion;  // absolute cycle, kept across AVR resets
static uint64_t conversions, reads, overwritten, gain_other;

static int32_t noisy(int32_t v) {
  if (noise <= 0) return v;
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  int64_t out = (int64_t)v + (int32_t)(rng_state % (uint32_t)(2 * noise + 1)) - noise;
  if (out > 0x7FFFFF) out = 0x7FFFFF;
  if (out < -0x800000) out = -0x800000;
  return (int32_t)out;
}

// Sets every DOUT pin, one port at a time: level_of(c) is cell c's level.
static void drive_cells(int (*level_of)(int c)) {
  uint8_t mask[6] = {0}, levels[6] = {0};
  for (int c = 0; c < cell_count; c++) {
    const int g = c / 8;
    const uint8_t b = (uint8_t)(1u << dout_bit[c]);
    mask[g] |= b;
    if (disconnected[c] || level_of(c)) levels[g] |= b;
  }
  for (int g = 0; g < 6; g++)
    if (mask[g]) pin_drive_port(chip, kPortOfGroup[g], mask[g], levels[g]);
}

static int all_high(int c) { return (void)c, 1; }
static int all_low(int c) { return (void)c, 0; }
static int current_bit(int c) { return (latched[c] >> (24 - pulses)) & 1; }

static void drive_all(int level) { drive_cells(level ? all_high : all_low); }

static avr_cycle_count_t on_conversion(avr_t *avr, avr_cycle_count_t when, void *param) {
  (void)param;
  if (powered_down) return 0;
  conversions++;
  if (pulses > 0) {
    // Mid-read: the output register is busy, this conversion is lost to the reader.
    overwritten++;
  } else {
    if (ready) overwritten++;  // the previous one was never read
    for (int c = 0; c < cell_count; c++) latched[c] = (uint32_t)noisy(input[c]) & 0xFFFFFF;
    ready = 1;
    drive_all(0);
  }
  if (hx711_lockstep) {
    hx711_waiting_for_go = 1;
    harness_event("CONV %llu", (unsigned long long)harness_now_us(avr));
  }
  next_conversion = when + avr_usec_to_cycles(avr, kPeriodUs);
  return next_conversion;
}

static avr_cycle_count_t on_power_down(avr_t *avr, avr_cycle_count_t when, void *param) {
  (void)when, (void)param;
  powered_down = 1;
  ready = 0;
  pulses = 0;
  drive_all(1);
  avr_cycle_timer_cancel(avr, on_conversion, NULL);
  return 0;
}

static void on_rising_edge(avr_t *avr) {
  avr_cycle_timer_register_usec(avr, kPowerDownUs, on_power_down, NULL);
  if (!ready) return;  // clocking a chip with no data: ignored, as the datasheet allows
  pulses++;
  if (pulses == 1) burst_start_us = harness_now_us(avr);
  if (pulses <= 24) {
    drive_cells(current_bit);
  } else if (pulses == 25) {
    drive_all(1);  // read done: DOUT high until the next conversion
  }
}

static void on_falling_edge(avr_t *avr) {
  avr_cycle_timer_cancel(avr, on_power_down, NULL);
  if (powered_down) {
    powered_down = 0;
    avr_cycle_timer_register_usec(avr, kSettleUs, on_conversion, NULL);
    return;
  }
  // Pulses 26 and 27 (channel B / gain 64, not used by v1) would also end here.
  if (pulses >= 25) burst_end_us = harness_now_us(avr);
}

// A read is closed 500 us after its first pulse (the firmware clocks 25 pulses in about
// 90 us): by then any gain pulses have come. BURST reports first rising to last falling
// edge, the time the firmware spent reading.
static avr_cycle_count_t on_read_closed(avr_t *avr, avr_cycle_count_t when, void *param) {
  (void)when, (void)param;
  if (pulses >= 25) {
    reads++;
    if (pulses != 25) gain_other++;
    harness_event("BURST %llu %llu", (unsigned long long)burst_start_us,
                  (unsigned long long)(burst_end_us - burst_start_us));
    ready = 0;
  } else if (pulses > 0) {
    // An incomplete read: the chip keeps waiting for pulses; the firmware never does this.
    return avr->cycle + avr_usec_to_cycles(avr, 1000);
  }
  pulses = 0;
  return 0;
}

static void on_sck(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  avr_t *avr = param;
  const int high = value & 1;
  if (high == sck_high) return;
  sck_high = high;
  if (high) {
    on_rising_edge(avr);
    if (pulses == 1) avr_cycle_timer_register_usec(avr, 500, on_read_closed, NULL);
  } else {
    on_falling_edge(avr);
  }
}

void hx711_init(avr_t *avr, int cells, uint32_t seed, int noise_counts) {
  chip = avr;
  cell_count = cells > HX711_MAX_CELLS ? HX711_MAX_CELLS : cells;
  rng_state = seed ? seed : 0x12345678u;
  noise = noise_counts;
  for (int c = 0; c < cell_count; c++) {
    const int group = c / 8;
    const int bit = c % 8 + kShiftOfGroup[group];
    dout_bit[c] = (uint8_t)bit;
  }
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('G'), 5), on_sck, avr);
  drive_all(1);
  next_conversion = avr->cycle + avr_usec_to_cycles(avr, kPeriodUs);
  avr_cycle_timer_register(avr, next_conversion - avr->cycle, on_conversion, NULL);
}

void hx711_on_reset(avr_t *avr) {
  // The chips keep running through an AVR reset (which clears simavr's timers): the
  // conversion rhythm goes on where it was, and the pins' levels are re-asserted.
  if (!powered_down) {
    const avr_cycle_count_t in = next_conversion > avr->cycle ? next_conversion - avr->cycle : 1;
    avr_cycle_timer_register(avr, in, on_conversion, NULL);
  }
  pulses = 0;
  drive_all(ready ? 0 : 1);
}

void hx711_set(int cell, int32_t counts) {
  if (cell >= 0 && cell < cell_count) input[cell] = counts;
}

void hx711_disconnect(int cell, int off) {
  if (cell >= 0 && cell < cell_count) disconnected[cell] = off;
}

void hx711_report(void) {
  harness_event("HX %llu %llu %llu %llu", (unsigned long long)conversions, (unsigned long long)reads,
                (unsigned long long)overwritten, (unsigned long long)gain_other);
}
