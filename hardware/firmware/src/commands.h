// Host -> board commands: assembles lines from the serial port, decodes them with the
// protocol module and carries them out. Every command is answered by exactly one ACK or
// NAK before the next byte is read (PROTOCOL.md section 5); HELLO's answer is followed
// by a HELLO line.
#pragma once

#include <stdint.h>

namespace commands {

void begin(uint32_t bootId);
// Handles every byte waiting in the serial receive ring.
void service(uint32_t nowMs);
// The HELLO line (sent at boot and on request).
void sendHello();

}  // namespace commands
