/*
 * Surakarta's engine search in C, the same algorithm node for node as the TypeScript engine,
 * written for `npm run bench:engine-c -- --rules surakarta` to measure it against (gcc -O2, as
 * bench/c/surakarta-perft.c and bench/c/senryaku-engine.c):
 *
 * - the search of src/engine/search.ts at level 10 with a depth limit, as in
 *   bench/c/senryaku-engine.c (that part is the same text): iterative deepening, the root's
 *   moves noisy first and then each depth's scores, principal-variation windows, the
 *   transposition table, move ordering (table move, captures, killers, history), quiescence on
 *   captures, a position met again on the line a draw;
 * - Surakarta's search board (src/games/surakarta/engine/search-board.ts over the capture board
 *   of src/engine/capture-board.ts): one board made and unmade in place, piece counts and the
 *   Zobrist key kept incrementally (the keys drawn from the project's sfc32 generator,
 *   src/util/rng.ts, with the board's seed), the rules core's generator (rules/moves.ts: the
 *   two circuits flattened into 48 slots, each capture path walked from a table written out
 *   once, as bench/c/surakarta-perft.c), a pass for a side with pieces and no move, taking the
 *   last enemy piece a win;
 * - its evaluation (src/games/surakarta/engine/evaluation.ts): row masks and tables for circuit
 *   control and step mobility, one scan of each circuit's occupied slots for attacks, defences
 *   and capture paths. All in integers, as the TypeScript computes them.
 *
 * Usage: surakarta-engine, then one command a line on stdin:
 *   eval CELLS TURN               -> SCORE KEY_LOW KEY_HIGH
 *   search CELLS TURN DEPTH BITS  -> MOVE SCORE NODES CPU_SECONDS
 * CELLS: 36 digits 0-2 (a1..f6, 0 empty, 1 light x, 2 dark o); TURN 0 light, 1 dark. A search
 * starts with a fresh table of 2^BITS slots (cleared inside the timed part, as a new Searcher
 * allocates one), fresh killers and history. MOVE is the move code (from | to << 6, 4096 for a
 * capture, 8192 the pass; -1: no move), SCORE the search's integer score for the side to move,
 * CPU_SECONDS its process CPU time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define POINTS 36
#define FILES 6
#define RANKS 6
#define TRACK 24
#define SLOTS 48
#define LINE 6
#define MAX_MOVES 144
#define CAPTURE_BIT (1 << 12)
#define PASS (CAPTURE_BIT << 1)
#define PIECES_PER_SIDE 12

#define MAX_PLY 128
#define WIN 30000
#define INF 32000
#define MAX_QUIESCENCE 16
#define CHECK_EVERY 2047
#define HISTORY_SIZE (1 << 13)
#define MAX_TABLE_BITS 24

enum { CONTINUES = 0, MOVER_WINS = 1, MOVER_LOSES = 2 };
enum { EXACT = 1, LOWER = 2, UPPER = 3 };

/* ---- Rules tables (rules/circuits.ts, rules/moves.ts) ----------------------------------------- */

static signed char slotPoint[SLOTS], nextSlot[SLOTS], prevSlot[SLOTS];
static unsigned char loopToNext[SLOTS], loopToPrev[SLOTS];
static signed char slotsOf[POINTS][2];
static int slotCount[POINTS];
static signed char neighbours[POINTS][8];
static int neighbourCount[POINTS];
/* Each walk's points in order, from a slot one way round: point | 64 once a loop is passed. */
static signed char walk[SLOTS * 2 * TRACK];

static void buildTables(void) {
  for (int c = 0; c < 2; c++) {
    int r = c + 1, far = FILES - 1 - r, k = c * TRACK;
    for (int rank = 0; rank < RANKS; rank++) slotPoint[k++] = (signed char)(r + FILES * rank);
    for (int file = 0; file < FILES; file++) slotPoint[k++] = (signed char)(file + FILES * (RANKS - 1 - r));
    for (int rank = RANKS - 1; rank >= 0; rank--) slotPoint[k++] = (signed char)(far + FILES * rank);
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
        if ((df || dr) && f >= 0 && f < FILES && rk >= 0 && rk < RANKS) neighbours[p][neighbourCount[p]++] = (signed char)(f + FILES * rk);
      }
  }
}

/* ---- Zobrist keys (src/util/rng.ts sfc32 seeded through splitmix32; src/engine/capture-board.ts) - */

/* Key 2 * point + cell - 1 for a piece, key 2 * POINTS for the second side to move; key k's halves are words 2k and 2k + 1. */
#define KEY_WORDS (2 * (2 * POINTS + 1))
#define TURN_WORD (4 * POINTS)
#define KEY_SEED 0x53524b54u

static int32_t keys[KEY_WORDS];

#include "engine-keys.h"

static void buildKeys(void) {
  keyWords(KEY_SEED, keys, KEY_WORDS);
}

/* ---- The search board ---------------------------------------------------------------------- */

static signed char board[POINTS];
static int mover; /* the side to move's cell: 1 or 2 */
static int pieces[3];
static int32_t keyLo, keyHi;

static int load(const char *cells, int turn) {
  if (strlen(cells) != POINTS) return 0;
  pieces[0] = pieces[1] = pieces[2] = 0;
  for (int p = 0; p < POINTS; p++) {
    if (cells[p] < '0' || cells[p] > '2') return 0;
    board[p] = (signed char)(cells[p] - '0');
    pieces[(int)board[p]]++;
  }
  mover = turn + 1;
  keyLo = mover == 2 ? keys[TURN_WORD] : 0;
  keyHi = mover == 2 ? keys[TURN_WORD + 1] : 0;
  for (int p = 0; p < POINTS; p++) {
    int cell = board[p];
    if (cell == 0) continue;
    keyLo ^= keys[4 * p + 2 * cell - 2];
    keyHi ^= keys[4 * p + 2 * cell - 1];
  }
  return 1;
}

static inline int captureTarget(int own, int enemy, const signed char *steps) {
  for (int k = 0; k < TRACK; k++) {
    int w = steps[k], q = w & 63;
    if (q == own) continue;
    int cell = board[q];
    if (cell == 0) continue;
    return w >= 64 && cell == enemy ? q : -1;
  }
  return -1;
}

/* rules/moves.ts generateCellMoves, then the pass of a side with pieces and no move; none for a side with no pieces. */
static int generate(int *out) {
  int mine = mover, enemy = 3 - mine, n = 0;
  if (pieces[mine] == 0) return 0;
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
  if (n > 0) return n;
  out[0] = PASS;
  return 1;
}

static inline int isNoisy(int move) { return (move & CAPTURE_BIT) != 0; }

static inline void passTurn(void) {
  mover = 3 - mover;
  keyLo ^= keys[TURN_WORD];
  keyHi ^= keys[TURN_WORD + 1];
}

/* The key change of the mover's piece going from `from` to `to` and the turn passing: its own inverse. */
static inline void toggle(int from, int to, int cell) {
  int a = 4 * from + 2 * cell - 2, b = 4 * to + 2 * cell - 2;
  keyLo ^= keys[TURN_WORD] ^ keys[a] ^ keys[b];
  keyHi ^= keys[TURN_WORD + 1] ^ keys[a + 1] ^ keys[b + 1];
}

static int make(int move) {
  if (move == PASS) {
    passTurn();
    return CONTINUES;
  }
  int me = mover, enemy = 3 - me, from = move & 63, to = (move >> 6) & 63;
  toggle(from, to, me);
  mover = enemy;
  board[to] = (signed char)me;
  board[from] = 0;
  if ((move & CAPTURE_BIT) == 0) return CONTINUES;
  keyLo ^= keys[4 * to + 2 * enemy - 2];
  keyHi ^= keys[4 * to + 2 * enemy - 1];
  return --pieces[enemy] == 0 ? MOVER_WINS : CONTINUES;
}

static void unmake(int move) {
  if (move == PASS) {
    passTurn();
    return;
  }
  int enemy = mover, me = 3 - enemy, from = move & 63, to = (move >> 6) & 63;
  toggle(from, to, me);
  mover = me;
  board[from] = (signed char)me;
  if ((move & CAPTURE_BIT) == 0) {
    board[to] = 0;
    return;
  }
  board[to] = (signed char)enemy;
  pieces[enemy]++;
  keyLo ^= keys[4 * to + 2 * enemy - 2];
  keyHi ^= keys[4 * to + 2 * enemy - 1];
}

/* ---- The evaluation (src/games/surakarta/engine/evaluation.ts) ------------------------------- */

#define PIECE 100
#define TRADE_DOWN 2
#define STEP 1
#define CAPTURE_PATH 4
#define HANGING 20
#define HANGING_DEFENDED 6
#define DEFENDED 3
#define SECOND_HANGING 40
#define TEMPO 5
#define MASKS (1 << FILES)
static const int CIRCUIT_POINT[3] = {0, 3, 6};

/* Per row: circuit control of a side's pieces (by rank and mask), their empty neighbours in the row and in the row next to it, and their count. */
static short rowValue[RANKS * MASKS];
static signed char beside[MASKS * MASKS], across[MASKS * MASKS], rowCount[MASKS];
static unsigned char attacked[POINTS], defended[POINTS];
static int paths[3];
static int occupied[TRACK];

static void buildEvaluator(void) {
  for (int pieces = 0; pieces < MASKS; pieces++) {
    rowCount[pieces] = (signed char)__builtin_popcount((unsigned)pieces);
    for (int f = 0; f < FILES; f++) {
      if ((pieces & (1 << f)) == 0) continue;
      for (int rank = 0; rank < RANKS; rank++) rowValue[rank * MASKS + pieces] += (short)CIRCUIT_POINT[slotCount[rank * FILES + f]];
      /* The neighbours of the point of file f on rank 1, whose rows 0, 1 and 2 all exist. */
      int p = FILES + f;
      for (int empty = 0; empty < MASKS; empty++)
        for (int i = 0; i < neighbourCount[p]; i++) {
          int q = neighbours[p][i];
          if ((empty & (1 << (q % FILES))) == 0) continue;
          if (q / FILES == 1) beside[pieces * MASKS + empty]++;
          else if (q / FILES == 0) across[pieces * MASKS + empty]++;
        }
    }
  }
}

/* A path of a piece of `own` that went round a loop meets the piece on `q`. */
static inline void meet(int q, int own) {
  if (board[q] == own) defended[q] = 1;
  else {
    attacked[q] = 1;
    paths[own]++;
  }
}

/* What every path on one track (slots base..base + 23) meets: attacks, defences, each side's capture paths. */
static void scanTrack(int base) {
  const signed char *point = slotPoint + base;
  int k = 0;
  for (int t = 0; t < TRACK; t++)
    if (board[point[t]] != 0) occupied[k++] = t;
  if (k < 2) return;
  for (int j = 0; j < k; j++) {
    int at = occupied[j], from = point[at], own = board[from];
    int n = j + 1 == k ? 0 : j + 1;
    if (point[occupied[n]] == from) n = n + 1 == k ? 0 : n + 1;
    if (n != j) {
      int ahead = (occupied[n] - at + TRACK) % TRACK;
      if (ahead >= LINE - at % LINE) meet(point[occupied[n]], own);
    }
    int b = j == 0 ? k - 1 : j - 1;
    if (point[occupied[b]] == from) b = b == 0 ? k - 1 : b - 1;
    if (b != j) {
      int behind = (at - occupied[b] + TRACK) % TRACK;
      if (behind > at % LINE) meet(point[occupied[b]], own);
    }
  }
}

static int evaluate(void) {
  int lightRows[RANKS], darkRows[RANKS], emptyRows[RANKS];
  memset(attacked, 0, sizeof attacked);
  memset(defended, 0, sizeof defended);
  int light = 0, dark = 0, lightPieces = 0, darkPieces = 0;
  for (int rank = 0, p = 0; rank < RANKS; rank++) {
    int lightRow = 0, darkRow = 0;
    for (int bit = 1; bit < MASKS; bit <<= 1, p++) {
      int own = board[p];
      if (own == 1) lightRow |= bit;
      else if (own == 2) darkRow |= bit;
    }
    lightRows[rank] = lightRow;
    darkRows[rank] = darkRow;
    emptyRows[rank] = MASKS - 1 - lightRow - darkRow;
  }
  for (int rank = 0; rank < RANKS; rank++) {
    int lightRow = lightRows[rank], darkRow = darkRows[rank], emptyRow = emptyRows[rank];
    int lightSteps = beside[lightRow * MASKS + emptyRow], darkSteps = beside[darkRow * MASKS + emptyRow];
    if (rank > 0) {
      lightSteps += across[lightRow * MASKS + emptyRows[rank - 1]];
      darkSteps += across[darkRow * MASKS + emptyRows[rank - 1]];
    }
    if (rank < RANKS - 1) {
      lightSteps += across[lightRow * MASKS + emptyRows[rank + 1]];
      darkSteps += across[darkRow * MASKS + emptyRows[rank + 1]];
    }
    light += rowValue[rank * MASKS + lightRow] + STEP * lightSteps;
    dark += rowValue[rank * MASKS + darkRow] + STEP * darkSteps;
    lightPieces += rowCount[lightRow];
    darkPieces += rowCount[darkRow];
  }
  paths[1] = paths[2] = 0;
  scanTrack(0);
  scanTrack(TRACK);
  light += CAPTURE_PATH * paths[1];
  dark += CAPTURE_PATH * paths[2];
  int lightHanging = 0, darkHanging = 0;
  for (int p = 0; p < POINTS; p++) {
    int a = attacked[p], d = defended[p];
    if (a == 0 && d == 0) continue;
    int safety = a == 0 ? DEFENDED : d == 1 ? -HANGING_DEFENDED : -HANGING;
    if (board[p] == 1) {
      light += safety;
      if (safety == -HANGING) lightHanging++;
    } else {
      dark += safety;
      if (safety == -HANGING) darkHanging++;
    }
  }
  int off = 2 * PIECES_PER_SIDE - lightPieces - darkPieces;
  int lightView = (lightPieces - darkPieces) * (PIECE + TRADE_DOWN * off) + light - dark;
  int overloaded = (mover == 1 ? lightHanging : darkHanging) > 1 ? SECOND_HANGING : 0;
  return (mover == 1 ? lightView : -lightView) - overloaded + TEMPO;
}

/* ---- The transposition table ---------------------------------------------------------------- */

#include "engine-search.h"
  (void)argv;
  if (argc != 1) {
    fprintf(stderr, "usage: surakarta-engine (commands on stdin)\n");
    return 2;
  }
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
    int turn, depth, bits;
    int got = sscanf(line, "%15s %63s %d %d %d", command, cells, &turn, &depth, &bits);
    if (got < 1) continue;
    if (got < 3 || turn < 0 || turn > 1 || !load(cells, turn)) {
      fprintf(stderr, "bad command: %s", line);
      return 2;
    }
    if (strcmp(command, "eval") == 0 && got == 3) {
      printf("%d %d %d\n", evaluate(), keyLo, keyHi);
    } else if (strcmp(command, "search") == 0 && got == 5 && depth >= 1 && bits >= 4 && bits <= MAX_TABLE_BITS) {
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
