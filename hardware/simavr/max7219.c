// The scoring board's three MAX7219 LED drivers on the Uno's pins (hardware/scoreboard/
// README.md): DIN D12 (PB4) and CLK D11 (PB3) go to every chip; U1's DOUT feeds U2's DIN,
// so U1+U2 are one 32-bit chain that latches on its LOAD, D10 (PB2); U3 shifts the same
// DIN/CLK into its own 16 bits and latches on D9 (PB1). As on the real chip, every rising
// CLK edge shifts (LOAD does not gate the clock) and a rising LOAD edge takes the last 16
// bits in as opcode (bits 11-8) and data (bits 7-0); opcode 0 is the no-op a chain uses
// to leave a chip alone. Each register write that lands is one event:
//   MAX <chip> <opcode> <data>     e.g. "MAX U3 3 64" = U3's DIG2 register now 0x40
#include <stdint.h>

#include <simavr/avr_ioport.h>
#include <simavr/sim_irq.h>

#include "harness.h"

enum { kDin = 4, kClk = 3, kChainLoad = 2, kTrackLoad = 1 };

static int level[8];
static uint16_t u1, u2, u3;  // each chip's shift register

static void latch(const char *chip, uint16_t word) {
  const int opcode = (word >> 8) & 0x0f;
  if (opcode == 0) return;
  harness_event("MAX %s %d %d", chip, opcode, word & 0xff);
}

static void on_pin(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  const int pin = (int)(intptr_t)param;
  const int high = value & 1;
  const int rising = high && !level[pin];
  level[pin] = high;
  if (!rising) return;
  switch (pin) {
    case kClk: {
      const int din = level[kDin];
      u2 = (uint16_t)(u2 << 1 | u1 >> 15);  // U1's DOUT is the bit it shifts out
      u1 = (uint16_t)(u1 << 1 | din);
      u3 = (uint16_t)(u3 << 1 | din);
      break;
    }
    case kChainLoad:
      latch("U1", u1);
      latch("U2", u2);
      break;
    case kTrackLoad:
      latch("U3", u3);
      break;
  }
}

void max7219_init(avr_t *avr) {
  static const int pins[] = {kDin, kClk, kChainLoad, kTrackLoad};
  for (unsigned i = 0; i < sizeof pins / sizeof pins[0]; i++)
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), pins[i]), on_pin, (void *)(intptr_t)pins[i]);
}
