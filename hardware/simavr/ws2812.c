// Watches the WS2812B data pin (D11 = PB5) and decodes what the LEDs would receive: a
// high pulse longer than 0.6 us is a 1 bit, shorter a 0; 50 us low latches the bytes,
// which are reported as one "LEDS <hex>" event (GRB order, as sent on the wire).
#include <simavr/avr_ioport.h>
#include <simavr/sim_cycle_timers.h>
#include <simavr/sim_irq.h>
#include <simavr/sim_time.h>

#include "harness.h"

enum { kMaxBytes = 3 * 256, kLatchUs = 50 };

static uint8_t bytes[kMaxBytes];
static int bit_count;
static int level;
static avr_cycle_count_t rise_cycle;

static avr_cycle_count_t on_latch(avr_t *avr, avr_cycle_count_t when, void *param) {
  (void)avr, (void)when, (void)param;
  const int n = bit_count / 8;
  if (n == 0) return 0;
  static char hex[2 * kMaxBytes + 1];
  for (int i = 0; i < n; i++) {
    static const char digits[] = "0123456789ABCDEF";
    hex[2 * i] = digits[bytes[i] >> 4];
    hex[2 * i + 1] = digits[bytes[i] & 15];
  }
  hex[2 * n] = 0;
  harness_event("LEDS %s", hex);
  bit_count = 0;
  return 0;
}

static void on_pin(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  avr_t *avr = param;
  const int high = value & 1;
  if (high == level) return;
  level = high;
  if (high) {
    rise_cycle = avr->cycle;
    avr_cycle_timer_cancel(avr, on_latch, NULL);
    return;
  }
  const int one = avr->cycle - rise_cycle > (avr_cycle_count_t)avr->frequency * 6 / 10000000;  // 0.6 us
  if (bit_count < 8 * kMaxBytes) {
    const int byte = bit_count / 8;
    if (bit_count % 8 == 0) bytes[byte] = 0;
    bytes[byte] = (uint8_t)(bytes[byte] << 1 | one);
    bit_count++;
  }
  avr_cycle_timer_register_usec(avr, kLatchUs, on_latch, NULL);
}

void ws2812_init(avr_t *avr) {
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 5), on_pin, avr);
}
