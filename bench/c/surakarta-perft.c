/*
 * Surakarta perft in C, the same algorithm as src/games/surakarta/rules/perft.ts and the
 * generator of src/games/surakarta/rules/moves.ts, written for `npm run bench:perft` to measure
 * the TypeScript against: the two circuits flattened into 48 slots, each capture path walked
 * from a table of its points written out once (WALK), one board mutated in place, the last ply
 * counted without playing it, perft(2) in a function of its own (countTwo). Built with gcc -O2.
 *
 * Usage: surakarta-perft DEPTH CELLS TURN RUNS
 * CELLS: 36 digits 0-2 (a1..f6, 0 empty, 1 light, 2 dark); TURN 0 light, 1 dark.
 * Prints: leaves and the best CPU seconds of RUNS runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define POINTS 36
#define FILES 6
#define TRACK 24
#define SLOTS 48
#define LINE 6
#define MAX_MOVES 144
#define CAPTURE_BIT (1 << 12)

static signed char board[POINTS];
static int side;
static signed char slotPoint[SLOTS], nextSlot[SLOTS], prevSlot[SLOTS];
static unsigned char loopToNext[SLOTS], loopToPrev[SLOTS];
static signed char slotsOf[POINTS][2];
static int slotCount[POINTS];
static signed char neighbours[POINTS][8];
static int neighbourCount[POINTS];
static int buffers[64][MAX_MOVES];
/* Each walk's points in order, from a slot one way round: point | 64 once a loop is passed. */
static signed char walk[SLOTS * 2 * TRACK];

static void buildTables(void) {
  for (int c = 0; c < 2; c++) {
    int r = c + 1, far = FILES - 1 - r, k = c * TRACK;
    for (int rank = 0; rank < 6; rank++) slotPoint[k++] = (signed char)(r + FILES * rank);
    for (int file = 0; file < FILES; file++) slotPoint[k++] = (signed char)(file + FILES * (6 - 1 - r));
    for (int rank = 5; rank >= 0; rank--) slotPoint[k++] = (signed char)(far + FILES * rank);
    for (int file = FILES - 1; file >= 0; file--) slotPoint[k++] = (signed char)(file + FILES * r);
  }
  for (int s = 0; s < SLOTS; s++) {
    int base = s - s % TRACK, i = s - base;
    nextSlot[s] = (signed char)(base + (i + 1) % TRACK);
    prevSlot[s] = (signed char)(base + (i + TRACK - 1) % TRACK);
    loopToNext[s] = i % LINE == LINE - 1;
    loopToPrev[s] = i % LINE == 0;
  }
  for (int slot = 0; slot < SLOTS; slot++)
    for (int dir = 0; dir < 2; dir++) {
      int s = slot, loops = 0;
      for (int k = 0; k < TRACK; k++) {
        loops |= dir == 0 ? loopToNext[s] : loopToPrev[s];
        s = dir == 0 ? nextSlot[s] : prevSlot[s];
        walk[(slot * 2 + dir) * TRACK + k] = (signed char)(slotPoint[s] | (loops ? 64 : 0));
      }
    }
  for (int p = 0; p < POINTS; p++) {
    slotCount[p] = 0;
    for (int s = 0; s < SLOTS; s++)
      if (slotPoint[s] == p) slotsOf[p][slotCount[p]++] = (signed char)s;
    neighbourCount[p] = 0;
    for (int dr = -1; dr <= 1; dr++)
      for (int df = -1; df <= 1; df++) {
        int f = p % FILES + df, rk = p / FILES + dr;
        if ((df || dr) && f >= 0 && f < FILES && rk >= 0 && rk < 6) neighbours[p][neighbourCount[p]++] = (signed char)(f + FILES * rk);
      }
  }
}

static int captureTarget(int own, int enemy, const signed char *steps) {
  for (int k = 0; k < TRACK; k++) {
    int w = steps[k], q = w & 63;
    if (q == own) continue;
    int cell = board[q];
    if (cell == 0) continue;
    return w >= 64 && cell == enemy ? q : -1;
  }
  return -1;
}

static int generate(int turn, int *out) {
  int mine = turn == 0 ? 1 : 2, enemy = mine == 1 ? 2 : 1, n = 0;
  for (int from = 0; from < POINTS; from++) {
    if (board[from] != mine) continue;
    for (int i = 0; i < neighbourCount[from]; i++) {
      int to = neighbours[from][i];
      if (board[to] == 0) out[n++] = from | (to << 6);
    }
    int first = n;
    for (int i = 0; i < slotCount[from]; i++) {
      int slot = slotsOf[from][i];
      for (int dir = 0; dir < 2; dir++) {
        int to = captureTarget(from, enemy, &walk[(slot * 2 + dir) * TRACK]);
        if (to < 0) continue;
        int code = from | (to << 6) | CAPTURE_BIT, seen = 0;
        for (int j = first; j < n; j++)
          if (out[j] == code) seen = 1;
        if (!seen) out[n++] = code;
      }
    }
  }
  return n;
}

static int leafMoves[MAX_MOVES];

/* perft(2) given the n moves in buf: each played, the replies counted, and taken back (countTwo). */
static long long countTwo(const int *buf, int n) {
  int other = side ^ 1;
  long long total = 0;
  for (int i = 0; i < n; i++) {
    int from = buf[i] & 63, to = (buf[i] >> 6) & 63;
    int captured = board[to];
    board[to] = board[from];
    board[from] = 0;
    total += generate(other, leafMoves);
    board[from] = board[to];
    board[to] = (signed char)captured;
  }
  return total;
}

static long long count(int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return generate(side, leafMoves);
  int *buf = buffers[depth];
  int n = generate(side, buf);
  if (depth == 2) return countTwo(buf, n);
  long long total = 0;
  for (int i = 0; i < n; i++) {
    int from = buf[i] & 63, to = (buf[i] >> 6) & 63;
    int captured = board[to];
    board[to] = board[from];
    board[from] = 0;
    side ^= 1;
    total += count(depth - 1);
    side ^= 1;
    board[from] = board[to];
    board[to] = (signed char)captured;
  }
  return total;
}

int main(int argc, char **argv) {
  if (argc != 5 || strlen(argv[2]) != POINTS) {
    fprintf(stderr, "usage: surakarta-perft DEPTH CELLS TURN RUNS\n");
    return 2;
  }
  buildTables();
  int depth = atoi(argv[1]), runs = atoi(argv[4]);
  long long leaves = 0;
  double best = 1e300;
  for (int run = 0; run < runs; run++) {
    for (int p = 0; p < POINTS; p++) board[p] = (signed char)(argv[2][p] - '0');
    side = atoi(argv[3]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    leaves = count(depth);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (s < best) best = s;
  }
  printf("%lld %.6f\n", leaves, best);
  return 0;
}
