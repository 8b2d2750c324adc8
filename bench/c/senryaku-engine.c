/*
 * Senryaku's engine search in C, the same algorithm node for node as the TypeScript engine, written
 * for `npm run bench:engine-c` to measure it against (gcc -O2, as bench/c/senryaku-perft.c):
 *
 * - the search of src/engine/search.ts at level 10 with a depth limit: iterative deepening, the
 *   root's moves noisy first and then each depth's scores (a stable sort), principal-variation
 *   windows at the root and inside, a transposition table (src/engine/transposition.ts: one slot
 *   per index, replaced unless the same position was stored deeper), move ordering (the table's
 *   move, noisy moves, two killers per ply, history by ply parity), quiescence on captures, a
 *   position met again on the line a draw, scores as src/engine/score.ts counts them;
 * - Senryaku's search board (src/games/senryaku/engine/search-board.ts): make/unmake in place
 *   with the balance sums, locks and the Zobrist key kept incrementally (the keys drawn from the
 *   project's sfc32 generator, src/util/rng.ts, with the board's seed), every state of a move's
 *   physical sequence tested for a crash in doubles as JavaScript computes them;
 * - its evaluation (src/games/senryaku/engine/evaluate.ts with DEFAULT_WEIGHTS), in doubles, the
 *   result rounded as Math.round rounds.
 *
 * Usage: senryaku-engine BOARD_MASS HALF_GAP MW MWC MB MBC, then one command a line on stdin:
 *   eval CELLS TURN LOCK_WHITE LOCK_BLACK               -> SCORE KEY_LOW KEY_HIGH
 *   search CELLS TURN LOCK_WHITE LOCK_BLACK DEPTH BITS  -> MOVE SCORE NODES CPU_SECONDS
 * CELLS: 42 digits 0-4 (a1..g6, 0 empty, 1 w, 2 W, 3 b, 4 B); TURN 0 White, 1 Black; locks -1 or a
 * well. A search starts with a fresh table of 2^BITS slots (cleared inside the timed part, as a
 * new Searcher allocates one), fresh killers and history. MOVE is the move code (-1: no move),
 * SCORE the search's integer score for the side to move, CPU_SECONDS its process CPU time.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WELLS 42
#define FILES 7
#define RANKS 6
#define DIRS 5
#define NONE (-1)
#define MAX_MOVES (7 * 5)
#define CAPTURE_BIT (1 << 12)
#define NO_LOCK (-1)
#define TOLERANCE 1e-9

#define MAX_PLY 128
#define WIN 30000
#define INF 32000
#define MAX_QUIESCENCE 16
#define CHECK_EVERY 2047
#define HISTORY_SIZE (1 << 13)
#define MAX_TABLE_BITS 24

enum { CONTINUES = 0, MOVER_WINS = 1, MOVER_LOSES = 2 };
enum { EXACT = 1, LOWER = 2, UPPER = 3 };

/* ---- Rules tables ---------------------------------------------------------------------------- */

static int y2[WELLS];
static signed char targets[2][WELLS][DIRS];
static int targetCount[2][WELLS];
static signed char attackedFrom[2][WELLS][DIRS]; /* from where the other side's spheres capture one standing there */
static signed char sidewaysTo[2][WELLS][2];
static signed char forwardTo[2][WELLS][3];
static double massByCell[5];
static double boardMass, gap2;

static void buildTables(void) {
  for (int w = 0; w < WELLS; w++) y2[w] = 2 * (w / FILES) - 5;
  for (int c = 0; c < 2; c++) {
    /* forward, left, right, forward-left, forward-right, as seen from the side's seat */
    int fwd = c == 0 ? 1 : -1, left = c == 0 ? -1 : 1;
    int d[5][2] = {{0, fwd}, {left, 0}, {-left, 0}, {left, fwd}, {-left, fwd}};
    for (int w = 0; w < WELLS; w++) {
      int n = 0;
      for (int k = 0; k < DIRS; k++) targets[c][w][k] = NONE;
      for (int k = 0; k < 5; k++) {
        int f = w % FILES + d[k][0], r = w / FILES + d[k][1];
        if (f >= 0 && f < FILES && r >= 0 && r < RANKS) targets[c][w][n++] = (signed char)(f + FILES * r);
      }
      targetCount[c][w] = n;
    }
  }
  for (int s = 0; s < 2; s++)
    for (int w = 0; w < WELLS; w++) {
      int n = 0, sw = 0, fw = 0;
      for (int k = 0; k < DIRS; k++) attackedFrom[s][w][k] = NONE;
      for (int k = 0; k < 2; k++) sidewaysTo[s][w][k] = NONE;
      for (int k = 0; k < 3; k++) forwardTo[s][w][k] = NONE;
      for (int f = 0; f < WELLS; f++)
        for (int i = 0; i < targetCount[1 - s][f]; i++)
          if (targets[1 - s][f][i] == w) attackedFrom[s][w][n++] = (signed char)f;
      for (int i = 0; i < targetCount[s][w]; i++) {
        int t = targets[s][w][i];
        if (y2[t] == y2[w]) sidewaysTo[s][w][sw++] = (signed char)t;
        else forwardTo[s][w][fw++] = (signed char)t;
      }
    }
}

/* ---- Zobrist keys (src/util/rng.ts sfc32 seeded through splitmix32; src/engine/zobrist.ts) ---- */

#define CELL_CODES 5
#define PIECE_KEYS (WELLS * CELL_CODES)
#define LOCK_KEYS (2 * WELLS)
#define KEY_WORDS (2 * PIECE_KEYS + 2 + 2 * LOCK_KEYS)
#define KEY_SEED 0x5e4a7a0cu

static int32_t words[KEY_WORDS];
static const int32_t *pieceLo = words, *pieceHi = words + PIECE_KEYS;
static int32_t turnLo, turnHi;
static const int32_t *lockLo = words + 2 * PIECE_KEYS + 2, *lockHi = words + 2 * PIECE_KEYS + 2 + LOCK_KEYS;

#include "engine-keys.h"

static void buildKeys(void) {
  keyWords(KEY_SEED, words, KEY_WORDS);
  turnLo = words[2 * PIECE_KEYS];
  turnHi = words[2 * PIECE_KEYS + 1];
}

/* ---- The search board ---------------------------------------------------------------------- */

static signed char board[WELLS];
static int locks[2], kings[2], side;
static double moment2, mass;
static int32_t keyLo, keyHi;
#define UNDO (2 * MAX_PLY + 8)
static int undoLock[UNDO];
static double undoMoment[UNDO], undoMass[UNDO];
static int32_t undoLo[UNDO], undoHi[UNDO];
static int undoPly;

static int load(const char *cells, int turn, int lockWhite, int lockBlack) {
  if (strlen(cells) != WELLS) return 0;
  for (int w = 0; w < WELLS; w++) {
    if (cells[w] < '0' || cells[w] > '4') return 0;
    board[w] = (signed char)(cells[w] - '0');
  }
  side = turn;
  locks[0] = lockWhite;
  locks[1] = lockBlack;
  kings[0] = kings[1] = -1;
  for (int w = WELLS - 1; w >= 0; w--) {
    if (board[w] == 2) kings[0] = w;
    if (board[w] == 4) kings[1] = w;
  }
  moment2 = 0;
  mass = 0;
  for (int w = 0; w < WELLS; w++) {
    if (board[w] == 0) continue;
    double m = massByCell[(int)board[w]];
    moment2 += m * y2[w];
    mass += m;
  }
  keyLo = side == 1 ? turnLo : 0;
  keyHi = side == 1 ? turnHi : 0;
  for (int w = 0; w < WELLS; w++) {
    if (board[w] == 0) continue;
    keyLo ^= pieceLo[w * CELL_CODES + board[w]];
    keyHi ^= pieceHi[w * CELL_CODES + board[w]];
  }
  for (int s = 0; s < 2; s++) {
    if (locks[s] == NO_LOCK) continue;
    keyLo ^= lockLo[s * WELLS + locks[s]];
    keyHi ^= lockHi[s * WELLS + locks[s]];
  }
  undoPly = 0;
  return 1;
}

static int generate(int *out) {
  int enemyColoured = side == 0 ? 4 : 2;
  int lo = side == 0 ? 1 : 3;
  int locked = locks[side];
  int n = 0;
  for (int from = 0; from < WELLS; from++) {
    int cell = board[from];
    if ((cell != lo && cell != lo + 1) || from == locked) continue;
    for (int i = 0; i < targetCount[side][from]; i++) {
      int to = targets[side][from][i];
      int target = board[to];
      if (target == 0) out[n++] = from | (to << 6);
      else if (target == enemyColoured) out[n++] = from | (to << 6) | CAPTURE_BIT;
    }
  }
  return n;
}

static inline int isNoisy(int move) { return (move & CAPTURE_BIT) != 0; }

static inline int stands(double m2, double ms) {
  double cap = gap2 * (boardMass + ms);
  return fabs(m2) <= cap + TOLERANCE * (cap + 1);
}

static int make(int move) {
  int from = move & 63, to = (move >> 6) & 63;
  int cell = board[from], target = board[to];
  double m = massByCell[cell];
  int p = undoPly++;
  undoLock[p] = locks[side];
  undoMoment[p] = moment2;
  undoMass[p] = mass;
  undoLo[p] = keyLo;
  undoHi[p] = keyHi;

  int end;
  double m2 = moment2, ms = mass;
  int32_t lo = keyLo ^ pieceLo[from * CELL_CODES + cell] ^ pieceLo[to * CELL_CODES + cell] ^ turnLo;
  int32_t hi = keyHi ^ pieceHi[from * CELL_CODES + cell] ^ pieceHi[to * CELL_CODES + cell] ^ turnHi;
  if (target == 0) {
    m2 -= m * y2[from];
    int liftStands = stands(m2, ms - m);
    m2 += m * y2[to];
    end = liftStands && stands(m2, ms) ? CONTINUES : MOVER_LOSES;
  } else {
    double c = massByCell[target];
    m2 -= c * y2[to];
    ms -= c;
    int ok = stands(m2, ms);
    m2 -= m * y2[from];
    ok = ok && stands(m2, ms - m);
    m2 += m * y2[to];
    end = ok && stands(m2, ms) ? MOVER_WINS : MOVER_LOSES;
    lo ^= pieceLo[to * CELL_CODES + target];
    hi ^= pieceHi[to * CELL_CODES + target];
  }
  int oldLock = locks[side];
  int coloured = cell == 2 || cell == 4;
  int newLock = coloured ? NO_LOCK : to;
  if (coloured) kings[side] = to;
  if (oldLock != NO_LOCK) {
    lo ^= lockLo[side * WELLS + oldLock];
    hi ^= lockHi[side * WELLS + oldLock];
  }
  if (newLock != NO_LOCK) {
    lo ^= lockLo[side * WELLS + newLock];
    hi ^= lockHi[side * WELLS + newLock];
  }
  locks[side] = newLock;
  board[to] = (signed char)cell;
  board[from] = 0;
  side ^= 1;
  moment2 = m2;
  mass = ms;
  keyLo = lo;
  keyHi = hi;
  return end;
}

static void unmake(int move) {
  int from = move & 63, to = (move >> 6) & 63;
  side ^= 1;
  int cell = board[to];
  board[from] = (signed char)cell;
  if (cell == 2 || cell == 4) kings[side] = from;
  board[to] = (signed char)((move & CAPTURE_BIT) == 0 ? 0 : side == 0 ? 4 : 2);
  int p = --undoPly;
  locks[side] = undoLock[p];
  moment2 = undoMoment[p];
  mass = undoMass[p];
  keyLo = undoLo[p];
  keyHi = undoHi[p];
}

/* ---- The evaluation (DEFAULT_WEIGHTS) ------------------------------------------------------- */

#define WON 2000
#define W_CORNERED 900
#define W_THREATENED 200
#define W_LOCKED_ATTACKER 90
#define W_APPROACH 30
#define W_SHIELD 15
#define W_MOBILITY 20
#define W_OPPONENT_STUCK 150
#define W_ROOM_STEPS 4
#define W_ROOM 25
static const int NEAR[5] = {0, 0, 28, 12, 4};

static short nearness[2 * WELLS * WELLS];
static short mobility[2 * DIRS * 7 + 1];
static double stepMass;
static double capLift[5];

/* Math.round: the nearest integer, halves toward +infinity. */
static double jsRound(double x) {
  double r = floor(x);
  return x - r >= 0.5 ? r + 1 : r;
}

static void buildEvaluator(void) {
  stepMass = massByCell[1] < massByCell[3] ? massByCell[1] : massByCell[3];
  for (int n = 0; n <= 2 * DIRS * 7; n++) mobility[n] = (short)jsRound(W_MOBILITY * sqrt((double)n));
  for (int s = 0; s < 2; s++)
    for (int from = 0; from < WELLS; from++)
      for (int k = 0; k < WELLS; k++) {
        int rk = k / FILES, rf = from / FILES;
        int ahead = s == 0 ? rk - rf : rf - rk;
        int df = abs(k % FILES - from % FILES), dr = abs(rk - rf);
        int d = df > dr ? df : dr;
        nearness[(s * WELLS + from) * WELLS + k] = (short)(ahead < 0 || d >= 5 ? 0 : NEAR[d]);
      }
}

static inline double cap(double ms) {
  double c = gap2 * (boardMass + ms);
  return c + TOLERANCE * (c + 1);
}

static int captureStands(double m2, double ms, double m, int from, double c, int to) {
  double s = m2 - c * y2[to];
  if (fabs(s) > cap(ms - c)) return 0;
  s -= m * y2[from];
  if (fabs(s) > cap(ms - c - m)) return 0;
  return fabs(s + m * y2[to]) <= cap(ms - c);
}

static int shelter(int s, int k, int enemyLock) {
  int own = s == 0 ? 1 : 3, enemy = s == 0 ? 3 : 1;
  int v = 0;
  for (int i = 0; i < DIRS; i++) {
    int a = attackedFrom[s][k][i];
    if (a == NONE) break;
    int cell = board[a];
    if (cell == own || cell == own + 1) v += W_SHIELD;
    else if (cell == 0) {
      for (int j = 0; j < DIRS; j++) {
        int f = attackedFrom[s][a][j];
        if (f == NONE) break;
        int e = board[f];
        if ((e == enemy || e == enemy + 1) && f != enemyLock) v -= W_APPROACH;
      }
    }
  }
  return v;
}

static int canStepAway(int s, int k, int enemyLock, double m2, double capFull) {
  int cell = board[k];
  double m = massByCell[cell];
  double lifted = m2 - m * y2[k];
  if (fabs(lifted) > capLift[cell]) return 0;
  int enemy = s == 0 ? 3 : 1;
  for (int i = 0; i < DIRS; i++) {
    int t = targets[s][k][i];
    if (t == NONE) break;
    if (board[t] != 0 || fabs(lifted + m * y2[t]) > capFull) continue;
    int safe = 1;
    for (int j = 0; j < DIRS && safe; j++) {
      int f = attackedFrom[s][t][j];
      if (f == NONE) break;
      int e = board[f];
      if ((e == enemy || e == enemy + 1) && f != enemyLock) safe = 0;
    }
    if (safe) return 1;
  }
  return 0;
}

static int evaluate(void) {
  double capFull = cap(mass);
  for (int c = 1; c <= 4; c++) capLift[c] = cap(mass - massByCell[c]);
  int kingW = kings[0], kingB = kings[1], lockW = locks[0], lockB = locks[1];
  int standW = 0, standB = 0, capsW = 0, capsB = 0, lockedW = 0, lockedB = 0, nearW = 0, nearB = 0;
  int nowStands = fabs(moment2) <= capFull;
  for (int w = 0; w < WELLS; w++) {
    int cell = board[w];
    if (cell == 0) continue;
    if (cell == 1) nearW += nearness[w * WELLS + kingB];
    else if (cell == 3) nearB += nearness[(WELLS + w) * WELLS + kingW];
    int white = cell <= 2;
    if (w == (white ? lockW : lockB)) continue;
    double m = massByCell[cell];
    int y = y2[w];
    double lifted = moment2 - m * y;
    if (fabs(lifted) > capLift[cell]) continue;
    int stand = 0;
    int s = white ? 0 : 1;
    if (nowStands)
      for (int i = 0; i < 2; i++) {
        int t = sidewaysTo[s][w][i];
        if (t == NONE) break;
        if (board[t] == 0) stand++;
      }
    if (fabs(lifted + m * (white ? y + 2 : y - 2)) <= capFull)
      for (int i = 0; i < 3; i++) {
        int t = forwardTo[s][w][i];
        if (t == NONE) break;
        if (board[t] == 0) stand++;
      }
    if (white) standW += stand;
    else standB += stand;
  }
  if (board[kingB] == 4)
    for (int i = 0; i < DIRS; i++) {
      int f = attackedFrom[1][kingB][i];
      if (f == NONE) break;
      int cell = board[f];
      if (cell != 1 && cell != 2) continue;
      if (f == lockW) lockedW++;
      else if (captureStands(moment2, mass, massByCell[cell], f, massByCell[4], kingB)) capsW++;
    }
  if (board[kingW] == 2)
    for (int i = 0; i < DIRS; i++) {
      int f = attackedFrom[0][kingW][i];
      if (f == NONE) break;
      int cell = board[f];
      if (cell != 3 && cell != 4) continue;
      if (f == lockB) lockedB++;
      else if (captureStands(moment2, mass, massByCell[cell], f, massByCell[2], kingW)) capsB++;
    }
  int me = side;
  if ((me == 0 ? capsW : capsB) > 0) return WON;
  if ((me == 0 ? standW : standB) == 0) return -WON;
  double room = W_ROOM_STEPS;
  double roomW = (capFull - moment2) / 2 / stepMass;
  double roomB = (capFull + moment2) / 2 / stepMass;
  double white = mobility[standW] + nearW + lockedW * W_LOCKED_ATTACKER + shelter(0, kingW, lockB) -
                 (roomW < room ? W_ROOM * (room - roomW) : 0);
  double black = mobility[standB] + nearB + lockedB * W_LOCKED_ATTACKER + shelter(1, kingB, lockW) -
                 (roomB < room ? W_ROOM * (room - roomB) : 0);
  double total = me == 0 ? white - black : black - white;
  if ((me == 0 ? standB : standW) == 0) total += W_OPPONENT_STUCK;
  int threats = me == 0 ? capsB : capsW;
  if (threats > 0) {
    total -= threats * W_THREATENED;
    if (!canStepAway(me, me == 0 ? kingW : kingB, me == 0 ? lockB : lockW, moment2, capFull)) total -= W_CORNERED;
  }
  return (int)jsRound(total);
}

/* ---- The transposition table ---------------------------------------------------------------- */

#include "engine-search.h"
  if (argc != 7) {
    fprintf(stderr, "usage: senryaku-engine BOARD_MASS HALF_GAP MW MWC MB MBC (commands on stdin)\n");
    return 2;
  }
  boardMass = atof(argv[1]);
  gap2 = 2 * atof(argv[2]);
  massByCell[0] = 0;
  for (int i = 1; i <= 4; i++) massByCell[i] = atof(argv[2 + i]);
  buildTables();
  buildKeys();
  buildEvaluator();
  size_t most = (size_t)1 << MAX_TABLE_BITS;
  tCheck = malloc(most * sizeof *tCheck);
  tMove = malloc(most * sizeof *tMove);
  tScore = malloc(most * sizeof *tScore);
  tDepthBound = malloc(most * sizeof *tDepthBound);
  if (!tCheck || !tMove || !tScore || !tDepthBound) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  char line[256], command[16], cells[64];
  while (fgets(line, sizeof line, stdin)) {
    int turn, lockWhite, lockBlack, depth, bits;
    int got = sscanf(line, "%15s %63s %d %d %d %d %d", command, cells, &turn, &lockWhite, &lockBlack, &depth, &bits);
    if (got < 1) continue;
    if (got < 5 || turn < 0 || turn > 1 || !load(cells, turn, lockWhite, lockBlack)) {
      fprintf(stderr, "bad command: %s", line);
      return 2;
    }
    if (strcmp(command, "eval") == 0 && got == 5) {
      printf("%d %d %d\n", evaluate(), keyLo, keyHi);
    } else if (strcmp(command, "search") == 0 && got == 7 && depth >= 1 && bits >= 4 && bits <= MAX_TABLE_BITS) {
      struct timespec t0, t1;
      int move, score;
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
      search(depth, bits, &move, &score);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
      double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
      printf("%d %d %lld %.6f\n", move, score, nodes, s);
    } else {
      fprintf(stderr, "bad command: %s", line);
      return 2;
    }
    fflush(stdout);
  }
  return 0;
}
