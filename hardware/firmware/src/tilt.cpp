#include "tilt.h"

#include <Arduino.h>
#include <util/atomic.h>

#include "pins.h"

namespace tilt {

#if BOARD_TILT_SWITCHES

namespace {

const uint8_t kPin[kSides] = {pins::kTiltTowardWhitePin, pins::kTiltTowardBlackPin};

// Written by the ISRs. `pending` says an edge burst is open; `firstEdgeMs` is kept from
// its first edge, `lastEdgeMs` moves with every edge.
volatile bool pending[kSides];
volatile uint32_t firstEdgeMs[kSides];
volatile uint32_t lastEdgeMs[kSides];

bool stable[kSides];  // debounced: true = tipped

// Switch closed to GND = level; open, pulled up = tipped (see pins.h).
inline bool levelSaysTipped(Side s) { return digitalRead(kPin[s]) == HIGH; }

inline void onEdge(Side s) {
  const uint32_t now = millis();  // safe in an ISR: reads the counter Timer0 keeps
  if (!pending[s]) {
    pending[s] = true;
    firstEdgeMs[s] = now;
  }
  lastEdgeMs[s] = now;
}

void onWhiteEdge() { onEdge(TowardWhite); }
void onBlackEdge() { onEdge(TowardBlack); }

}  // namespace

void begin() {
  for (uint8_t s = 0; s < kSides; ++s) {
    pinMode(kPin[s], INPUT_PULLUP);  // plus the external 10 k pull-up on the shield
    stable[s] = levelSaysTipped(static_cast<Side>(s));
    pending[s] = false;
  }
  // CHANGE, never LOW: a level interrupt would fire continuously while a switch is held.
  attachInterrupt(digitalPinToInterrupt(pins::kTiltTowardWhitePin), onWhiteEdge, CHANGE);
  attachInterrupt(digitalPinToInterrupt(pins::kTiltTowardBlackPin), onBlackEdge, CHANGE);
}

bool poll(uint32_t nowMs, Change& out) {
  for (uint8_t i = 0; i < kSides; ++i) {
    const Side s = static_cast<Side>(i);
    bool open;
    uint32_t first = 0, last = 0;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
      open = pending[s];
      first = firstEdgeMs[s];
      last = lastEdgeMs[s];
    }
    if (!open || nowMs - last < kDebounceMs) continue;
    // Quiet long enough: the level now is the settled one. Close the burst before
    // reading, so an edge arriving right now opens a new one instead of being lost.
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { pending[s] = false; }
    const bool now = levelSaysTipped(s);
    if (now == stable[s]) continue;  // a glitch that came back: not a change
    stable[s] = now;
    out.side = s;
    out.tipped = now;
    out.atMs = nowMs;
    out.firstEdgeMs = first;
    return true;
  }
  return false;
}

bool tipped(Side side) { return stable[side]; }

#else  // no tilt switches on this board

void begin() {}
bool poll(uint32_t, Change&) { return false; }
bool tipped(Side) { return false; }

#endif

}  // namespace tilt
