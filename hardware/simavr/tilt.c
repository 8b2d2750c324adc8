// The two tilt switches: D2 = PE4 (INT4, tipped toward White) and D3 = PE5 (INT5, toward
// Black). A switch is closed to GND while the board is level (pin low) and opens when the
// board tips (pulled high). A real contact bounces: asked for N bounces, the pin toggles
// 2N times, 300 us apart, before it settles on the new level, all on simulated time.
#include <simavr/avr_extint.h>
#include <simavr/avr_ioport.h>
#include <simavr/sim_cycle_timers.h>
#include <simavr/sim_irq.h>
#include <simavr/sim_time.h>

#include "harness.h"

enum { kSides = 2, kBounceGapUs = 300 };

static avr_t *chip;
static int settled_level[kSides];
static int shown_level[kSides];
static int toggles_left[kSides];
static int side_param[kSides] = {0, 1};


static void show(int side, int level) {
  shown_level[side] = level;
  pin_drive(chip, 'E', 4 + side, level);
}

static avr_cycle_count_t on_bounce(avr_t *avr, avr_cycle_count_t when, void *param) {
  const int side = *(int *)param;
  if (toggles_left[side] <= 0) return 0;
  toggles_left[side]--;
  show(side, toggles_left[side] == 0 ? settled_level[side] : !shown_level[side]);
  return toggles_left[side] > 0 ? when + avr_usec_to_cycles(avr, kBounceGapUs) : 0;
}

void tilt_init(avr_t *avr) {
  chip = avr;
  // Level board: both switches closed (shown_level starts at 0).
  tilt_on_reset(avr);
}

void tilt_set(avr_t *avr, int side, int level, int bounces) {
  if (side < 0 || side >= kSides) return;
  settled_level[side] = level ? 1 : 0;
  avr_cycle_timer_cancel(avr, on_bounce, &side_param[side]);
  if (bounces <= 0) {
    toggles_left[side] = 0;
    show(side, settled_level[side]);
    return;
  }
  // First edge now toward the new level, then 2N-1 more toggles ending on it.
  toggles_left[side] = 2 * bounces;
  show(side, settled_level[side]);
  avr_cycle_timer_register_usec(avr, kBounceGapUs, on_bounce, &side_param[side]);
}

void tilt_on_reset(avr_t *avr) {
  // simavr re-triggers a level interrupt on every instruction while the pin is low unless
  // told not to; the firmware uses CHANGE, so strict level triggering only costs speed.
  avr_extint_set_strict_lvl_trig(avr, 4, 0);
  avr_extint_set_strict_lvl_trig(avr, 5, 0);
  for (int s = 0; s < kSides; s++) pin_drive(avr, 'E', 4 + s, shown_level[s]);
}
