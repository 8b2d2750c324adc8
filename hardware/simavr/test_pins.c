// Pins only a test build of the firmware reads (-DFIRMWARE_TEST_HOOKS=1, see
// hardware/firmware/src/test_hooks.h). PD7 (D38) low makes the main loop hang, so a test
// can see the watchdog bring the board back; the next reset releases it. The production build leaves PD7 unused.
#include <simavr/avr_ioport.h>
#include <simavr/sim_irq.h>

#include "harness.h"

static int hang_level = 1;

void test_pins_init(avr_t *avr) {
  pin_drive(avr, 'D', 7, hang_level);
}

void test_pins_hang(avr_t *avr, int hang) {
  hang_level = hang ? 0 : 1;
  pin_drive(avr, 'D', 7, hang_level);
}

// A hang is a one-off fault: the reset that ends it (the watchdog's) also clears it.
void test_pins_on_reset(avr_t *avr) {
  hang_level = 1;
  pin_drive(avr, 'D', 7, hang_level);
}
