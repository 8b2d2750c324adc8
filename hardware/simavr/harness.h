// Shared state of the simavr harness: one simulated ATmega2560 (or Uno) and the parts
// wired to it. Each part lives in its own file and talks to the chip only through
// simavr IRQs and cycle timers, as the real part talks only through its pins.
#pragma once

#include <stdint.h>
#include <stdio.h>

#include <simavr/sim_avr.h>

#define HX711_MAX_CELLS 44

// Simulated microseconds since power-up (the chip's cycle counter, not wall time).
uint64_t harness_now_us(avr_t *avr);
// One event line on stdout for the host side ("EV ..." lines are documented in README.md).
void harness_event(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// ---- pin_drive.c: input pins held by the parts, beating simavr's pull-up model -----
void pin_drive(avr_t *avr, char port, int bit, int level);
// Several pins of one port at once (mask: which, levels: their levels).
void pin_drive_port(avr_t *avr, char port, uint8_t mask, uint8_t levels);
// After a reset: every driven pin again (the I/O reset forgets the levels).
void pin_drive_reassert(avr_t *avr);

// ---- uart_bridge.c: UART0 <-> a pseudo-terminal -------------------------------------
// Opens the pty and connects the UART IRQs; returns the slave path.
const char *uart_bridge_init(avr_t *avr);
// Moves bytes the host wrote on the pty into the UART, as flow control allows.
void uart_bridge_poll(avr_t *avr);
int uart_bridge_fd(void);
// Whether the bridge takes more of the host's bytes now (else they wait in the pty).
int uart_bridge_has_room(void);

// ---- hx711.c: one HX711 per cell, shared SCK -----------------------------------------
void hx711_init(avr_t *avr, int cells, uint32_t seed, int noise_counts);
void hx711_set(int cell, int32_t counts);
void hx711_disconnect(int cell, int disconnected);
void hx711_on_reset(avr_t *avr);
void hx711_report(void);
// Lockstep: each conversion waits for the host's GO (the host sets the cells first).
extern int hx711_lockstep;
extern int hx711_waiting_for_go;

// ---- tilt.c: the two tilt switches on INT4/INT5 --------------------------------------
void tilt_init(avr_t *avr);
void tilt_set(avr_t *avr, int side, int level, int bounces);
void tilt_on_reset(avr_t *avr);

// ---- ws2812.c: observes the LED data pin --------------------------------------------
void ws2812_init(avr_t *avr);

// ---- stack_paint.c: RAM headroom from painted memory --------------------------------
void stack_paint_init(avr_t *avr, uint32_t heap_start);
void stack_paint_apply(avr_t *avr);
void stack_paint_report(avr_t *avr);

// ---- test_pins.c: pins a test build of the firmware listens to ----------------------
void test_pins_init(avr_t *avr);
void test_pins_hang(avr_t *avr, int hang);
void test_pins_on_reset(avr_t *avr);

// ---- control.c: the line-based control channel on stdin -----------------------------
void control_handle_line(avr_t *avr, char *line);
// Reads whatever is on stdin; returns 0 once stdin is closed (the harness then stops).
int control_poll(avr_t *avr);

// ---- max7219.c: the scoring board's MAX7219s on an Uno running StandardFirmata -------
void max7219_init(avr_t *avr);
