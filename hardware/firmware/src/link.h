// The board's side of the USB serial link: one TX line buffer, the board->host sequence
// counter, and the rule for when a line may wait for room in the UART ring.
//
// Short lines (ACK, NAK, ERR, TILT, HELLO) are never dropped: if the TX ring is full
// they wait for it, which is bounded by one frame's wire time (~4.4 ms). A FRAME is only
// encoded and queued when the ring has room for all of it; otherwise it is dropped whole
// and the caller reports OVERRUN. A dropped frame does not consume a sequence number.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "protocol.h"

namespace link {

// PROTOCOL.md section 1: 500 000 baud is exact at 16 MHz (U2X, UBRR = 3).
constexpr uint32_t kBaud = 500000;

void begin();
void sendHello(const ProtoHello& hello);
void sendAck(uint16_t commandId);
void sendNak(uint16_t commandId, ProtoError code);
void sendError(ProtoError code, int32_t arg);
void sendTilt(uint32_t ms, uint8_t tilt);
// False when the TX ring had no room for the whole line (nothing was sent).
bool trySendFrame(uint32_t ms, uint8_t tilt, const int32_t* cells, uint8_t count, uint64_t stale);

}  // namespace link
