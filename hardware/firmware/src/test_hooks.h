// Hooks only a test build has (FIRMWARE_EXTRA_FLAGS=-DFIRMWARE_TEST_HOOKS=1, built as
// build/senryaku-referee-test.elf by the firmware-sim tests). The production build
// compiles them to nothing.
//
// Hang pin: D38 = PD7, an input with pull-up that no board uses. Held low, the main loop
// stops dead, so the simulator (hardware/simavr, its HANG command) can show the watchdog
// bringing the board back.
#pragma once

#include <avr/io.h>

namespace test_hooks {

#if FIRMWARE_TEST_HOOKS
inline void begin() {
  DDRD &= static_cast<uint8_t>(~_BV(PD7));
  PORTD |= _BV(PD7);
}
inline void hangIfAsked() {
  if (!(PIND & _BV(PD7)))
    for (;;) {
    }
}
#else
inline void begin() {}
inline void hangIfAsked() {}
#endif

}  // namespace test_hooks
