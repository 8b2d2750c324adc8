// UART0 bridged to a pseudo-terminal from openpty(): the host opens the slave path as it
// opens a USB board. Bytes the firmware sends go straight to the pty; bytes the host
// sends wait here until the UART's receive FIFO has room (its XON/XOFF IRQs), so nothing
// is dropped that a real 16U2 bridge would have delivered. Like that bridge, this side
// holds only a small buffer (kInCapacity) and leaves the rest in the pty: the host's
// drain (tcdrain) then returns when its bytes are about to reach the UART, not at once.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <simavr/avr_uart.h>
#include <simavr/sim_irq.h>

#include "harness.h"

enum { kInCapacity = 128 };

static int master_fd = -1;
static int slave_fd = -1;  // kept open so the master sees no hang-up when the host closes
static char slave_path[256];
static uint8_t in_buf[kInCapacity];
static int in_head, in_len;
static int xon = 1;
static int pumping;
static avr_irq_t *uart_input;
// Line-start tracking: the first byte of a FRAME line is reported with its time.
static int at_line_start = 1;

static void pump(void) {
  if (pumping) return;  // raising INPUT may call back into XON/XOFF
  pumping = 1;
  while (xon && in_len > 0) {
    const uint8_t b = in_buf[in_head];
    in_head = (in_head + 1) % kInCapacity;
    in_len--;
    avr_raise_irq(uart_input, b);
  }
  pumping = 0;
}

static void on_output(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq;
  avr_t *avr = param;
  const uint8_t b = (uint8_t)value;
  if (at_line_start && b == 'F') harness_event("FRAMEOUT %llu", (unsigned long long)harness_now_us(avr));
  at_line_start = (b == '\n');
  // A pty buffers kilobytes; if the host stops reading, bytes are dropped like an
  // unread USB bridge would, never blocking the simulated chip.
  ssize_t n = write(master_fd, &b, 1);
  (void)n;
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq, (void)value, (void)param;
  xon = 1;
  pump();
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq, (void)value, (void)param;
  xon = 0;
}

const char *uart_bridge_init(avr_t *avr) {
  if (openpty(&master_fd, &slave_fd, slave_path, NULL, NULL) != 0) return NULL;
  struct termios t;
  tcgetattr(slave_fd, &t);
  cfmakeraw(&t);
  tcsetattr(slave_fd, TCSANOW, &t);
  fcntl(master_fd, F_SETFL, fcntl(master_fd, F_GETFL) | O_NONBLOCK);

  // simavr's UART echoes lines on the console unless told not to: stdout is ours.
  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
  flags &= ~AVR_UART_FLAG_STDIO;
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);

  uart_input = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_output, avr);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, avr);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, avr);
  return slave_path;
}

void uart_bridge_poll(avr_t *avr) {
  (void)avr;
  while (in_len < kInCapacity) {
    const int tail = (in_head + in_len) % kInCapacity;
    const int room = tail >= in_head ? kInCapacity - tail : in_head - tail;
    const ssize_t n = read(master_fd, in_buf + tail, (size_t)room);
    if (n <= 0) break;  // EAGAIN: nothing more now
    in_len += (int)n;
  }
  pump();
}

int uart_bridge_fd(void) { return master_fd; }

int uart_bridge_has_room(void) { return in_len < kInCapacity; }
