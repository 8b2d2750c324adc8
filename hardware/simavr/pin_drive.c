// Driving an input pin from outside the chip, so that it stays driven. simavr re-derives
// every input pin from the pull-ups after each write to the port's PORT or DDR register,
// unless the level is recorded as the port's "external" state (its model of a device
// holding the line, which beats the internal pull-up as a real driver does). So a level
// is both recorded there and raised on the pin's IRQ, which updates PIN at once.
#include <simavr/avr_ioport.h>
#include <simavr/sim_irq.h>

#include "harness.h"

static uint8_t ext_mask[26], ext_value[26];
static avr_irq_t *pin_irq[26][8];  // looked up once: simavr finds an IRQ by walking its I/O list

static avr_irq_t *irq_of(avr_t *avr, char port, int bit) {
  avr_irq_t **slot = &pin_irq[port - 'A'][bit];
  if (!*slot) *slot = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
  return *slot;
}

void pin_drive_port(avr_t *avr, char port, uint8_t mask, uint8_t levels) {
  const int p = port - 'A';
  const uint8_t old_value = ext_value[p], old_mask = ext_mask[p];
  ext_mask[p] |= mask;
  ext_value[p] = (uint8_t)((ext_value[p] & ~mask) | (levels & mask));
  if (ext_value[p] != old_value || ext_mask[p] != old_mask) {
    avr_ioport_external_t ext = {.name = (unsigned long)port, .mask = ext_mask[p], .value = ext_value[p]};
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
  }
  for (int bit = 0; bit < 8; bit++) {
    if (!(mask & (1u << bit))) continue;
    const int level = (levels >> bit) & 1;
    avr_irq_t *irq = irq_of(avr, port, bit);
    irq->value = !level;  // a raise repeating the last value is dropped: force this one
    avr_raise_irq_float(irq, (uint32_t)level, 0);
  }
}

void pin_drive(avr_t *avr, char port, int bit, int level) {
  pin_drive_port(avr, port, (uint8_t)(1u << bit), level ? 0xFF : 0);
}

void pin_drive_reassert(avr_t *avr) {
  for (int p = 0; p < 26; p++) {
    if (!ext_mask[p]) continue;
    avr_ioport_external_t ext = {.name = (unsigned long)('A' + p), .mask = ext_mask[p], .value = ext_value[p]};
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL('A' + p), &ext);
    for (int bit = 0; bit < 8; bit++)
      if (ext_mask[p] & (1u << bit)) pin_drive(avr, (char)('A' + p), bit, (ext_value[p] >> bit) & 1);
  }
}
