/*
 * Senryaku perft in C, the same algorithm as src/games/senryaku/rules/perft.ts, written for
 * `npm run bench:perft` to measure the TypeScript against: one board mutated in place
 * (make/unmake), the balance sums kept incrementally, the last ply counted without playing it,
 * and perft(2) counted from the opponent's reach (countTwo). Built with gcc -O2.
 *
 * Usage: senryaku-perft DEPTH CELLS TURN LOCK_WHITE LOCK_BLACK BOARD_MASS HALF_GAP MW MWC MB MBC RUNS
 * CELLS: 42 digits 0-4 (a1..g6, 0 empty, 1 w, 2 W, 3 b, 4 B); TURN 0 white, 1 black; locks -1 or a well.
 * Prints: leaves and the best CPU seconds of RUNS runs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WELLS 42
#define FILES 7
#define MAX_MOVES (WELLS * 5)

static signed char board[WELLS];
static int locks[2];
static int side;
static double moment2, mass, boardMass, gap2;
static double massByCell[5];
static signed char targets[2][WELLS][5];
static int targetCount[2][WELLS];
static int y2[WELLS];
static int buffers[64][MAX_MOVES];
static int reach[WELLS];

static void buildTargets(void) {
  for (int c = 0; c < 2; c++) {
    int fwd = c == 0 ? 1 : -1, left = c == 0 ? -1 : 1;
    int d[5][2] = {{0, fwd}, {left, 0}, {-left, 0}, {left, fwd}, {-left, fwd}};
    for (int w = 0; w < WELLS; w++) {
      int n = 0;
      for (int k = 0; k < 5; k++) {
        int f = w % FILES + d[k][0], r = w / FILES + d[k][1];
        if (f >= 0 && f < FILES && r >= 0 && r < 6) targets[c][w][n++] = (signed char)(f + FILES * r);
      }
      targetCount[c][w] = n;
    }
  }
  for (int w = 0; w < WELLS; w++) y2[w] = 2 * (w / FILES) - 5;
}

static int generate(int turn, int locked, int *out) {
  int enemyColoured = turn == 0 ? 4 : 2;
  int lo = turn == 0 ? 1 : 3;
  int n = 0;
  for (int from = 0; from < WELLS; from++) {
    int cell = board[from];
    if (cell != lo && cell != lo + 1) continue;
    if (from == locked) continue;
    for (int i = 0; i < targetCount[turn][from]; i++) {
      int to = targets[turn][from][i];
      int target = board[to];
      if (target == 0 || target == enemyColoured) out[n++] = from | (to << 6);
    }
  }
  return n;
}

static inline int stable(double m2, double ms) {
  double cap = gap2 * (boardMass + ms);
  return fabs(m2) <= cap + 1e-9 * (cap + 1);
}

static long long count(int depth);

static long long countTwo(void) {
  int opp = side ^ 1;
  int oppLock = locks[opp];
  int oppLo = opp == 0 ? 1 : 3;
  int ownColoured = side == 0 ? 2 : 4;
  memset(reach, 0, sizeof reach);
  long long base = 0;
  for (int w = 0; w < WELLS; w++) {
    int cell = board[w];
    if ((cell != oppLo && cell != oppLo + 1) || w == oppLock) continue;
    for (int i = 0; i < targetCount[opp][w]; i++) {
      int t = targets[opp][w][i];
      reach[t]++;
      int target = board[t];
      if (target == 0 || target == ownColoured) base++;
    }
  }
  int *buf = buffers[2];
  int n = generate(side, locks[side], buf);
  double fullCap = gap2 * (boardMass + mass);
  long long total = 0;
  for (int i = 0; i < n; i++) {
    int from = buf[i] & 63, to = buf[i] >> 6;
    if (board[to] != 0) continue;
    int cell = board[from];
    double m = massByCell[cell];
    double lifted = moment2 - m * y2[from];
    double liftedCap = fullCap - gap2 * m;
    if (fabs(lifted) > liftedCap + 1e-9 * (liftedCap + 1)) continue;
    if (fabs(lifted + m * y2[to]) > fullCap + 1e-9 * (fullCap + 1)) continue;
    total += cell == ownColoured ? base : base + reach[from] - reach[to];
  }
  return total;
}

static long long countAfter(int code, int depth) {
  int from = code & 63, to = code >> 6;
  if (board[to] != 0) return 0;
  int cell = board[from];
  double m = massByCell[cell];
  double lifted = moment2 - m * y2[from];
  if (!stable(lifted, mass - m)) return 0;
  double placed = lifted + m * y2[to];
  if (!stable(placed, mass)) return 0;
  double saved = moment2;
  int oldLock = locks[side];
  board[to] = (signed char)cell;
  board[from] = 0;
  locks[side] = (cell == 2 || cell == 4) ? -1 : to;
  side ^= 1;
  moment2 = placed;
  long long sub = count(depth);
  side ^= 1;
  board[from] = board[to];
  board[to] = 0;
  locks[side] = oldLock;
  moment2 = saved;
  return sub;
}

static long long count(int depth) {
  if (depth == 0) return 1;
  if (depth == 2) return countTwo();
  int *buf = buffers[depth];
  int n = generate(side, locks[side], buf);
  if (depth == 1) return n;
  long long total = 0;
  for (int i = 0; i < n; i++) total += countAfter(buf[i], depth - 1);
  return total;
}

int main(int argc, char **argv) {
  if (argc != 13 || strlen(argv[2]) != WELLS) {
    fprintf(stderr, "usage: senryaku-perft DEPTH CELLS TURN LOCK_WHITE LOCK_BLACK BOARD_MASS HALF_GAP MW MWC MB MBC RUNS\n");
    return 2;
  }
  int depth = atoi(argv[1]);
  boardMass = atof(argv[6]);
  gap2 = 2 * atof(argv[7]);
  massByCell[0] = 0;
  for (int i = 1; i <= 4; i++) massByCell[i] = atof(argv[7 + i]);
  buildTargets();
  signed char start[WELLS];
  for (int w = 0; w < WELLS; w++) start[w] = (signed char)(argv[2][w] - '0');
  double startMoment = 0, startMass = 0;
  for (int w = 0; w < WELLS; w++) {
    startMoment += massByCell[(int)start[w]] * y2[w];
    startMass += massByCell[(int)start[w]];
  }
  long long leaves = 0;
  double best = 1e300;
  int runs = atoi(argv[12]);
  for (int run = 0; run < runs; run++) {
    memcpy(board, start, sizeof board);
    side = atoi(argv[3]);
    locks[0] = atoi(argv[4]);
    locks[1] = atoi(argv[5]);
    moment2 = startMoment;
    mass = startMass;
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
