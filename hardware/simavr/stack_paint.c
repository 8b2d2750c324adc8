// RAM headroom at run time by stack painting: every byte between the end of static data
// (__heap_start) and the top of RAM is filled with a pattern before the firmware runs,
// again after each reset. The stack grows down from RAMEND; the lowest byte it ever
// overwrote marks its high-water mark, and what is still painted above the static data
// is RAM the firmware never needed.
#include <simavr/sim_avr.h>

#include "harness.h"

enum { kPaint = 0xA5 };

static uint32_t heap_start;

void stack_paint_init(avr_t *avr, uint32_t start) {
  heap_start = start;
  stack_paint_apply(avr);
}

void stack_paint_apply(avr_t *avr) {
  // Up to SP: on a reset the stack is empty and SP = RAMEND.
  for (uint32_t a = heap_start; a <= avr->ramend; a++) avr->data[a] = kPaint;
}

void stack_paint_report(avr_t *avr) {
  uint32_t a = heap_start;
  while (a <= avr->ramend && avr->data[a] == kPaint) a++;
  const uint32_t never_used = a - heap_start;
  const uint32_t stack_peak = avr->ramend + 1 - a;
  harness_event("STACK %u %u %u", stack_peak, never_used, heap_start);
}
