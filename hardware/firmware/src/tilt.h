// The two crash switches: one fires when the board has tipped toward White, the other
// toward Black. Edges are caught by INT4/INT5 and only timestamped there; whether a
// change is real is decided in the main loop once the line has been quiet for
// kDebounceMs. No busy-waiting. Protocol v1 (PROTOCOL.md, TILT) reports the time the
// change was accepted; the first edge of the burst, when the board actually hit, is
// kept too (firstEdgeMs) for logging and a later protocol version.
//
// A board without the switches (board::kTiltFitted false, e.g. Surakarta) compiles the
// implementation out: begin() does nothing (D2/D3 stay plain inputs), poll() never
// reports a change and tipped() is false, so every FRAME's tilt reads "--", which
// PROTOCOL.md asks of switches that are not fitted (HELLO then says "--" too).
#pragma once

#include <stdint.h>

#include "board.h"

namespace tilt {

constexpr bool kFitted = board::kTiltFitted;

enum Side : uint8_t { TowardWhite = 0, TowardBlack = 1 };
constexpr uint8_t kSides = 2;
// PROTOCOL.md: a level must hold 10 ms before it is reported. Ball and lever switches
// bounce for 1..5 ms, and a crash is not a sub-10 ms event.
constexpr uint8_t kDebounceMs = 10;

struct Change {
  Side side;
  bool tipped;
  uint32_t atMs;         // millis() when the change was accepted (quiet for kDebounceMs)
  uint32_t firstEdgeMs;  // millis() of the first edge of the burst that led to it
};

void begin();
// True and fills `out` when one side's debounced state changed. Call every loop pass;
// at most one change is returned per call (call again for the other side).
bool poll(uint32_t nowMs, Change& out);
// Debounced state now (after begin(), the level read at start-up).
bool tipped(Side side);

}  // namespace tilt
