/*
 * The engine search both C ports share, node for node the TypeScript src/engine/search.ts at level 10
 * and a fixed depth (transposition table, negamax with principal-variation search, quiescence on
 * noisy moves, ordering): included by bench/c/senryaku-engine.c and bench/c/surakarta-engine.c after
 * their boards (generate, make, unmake, isNoisy, evaluate and the keys), which it calls by name.
 */

static int32_t *tCheck, *tMove, *tScore, *tDepthBound;
static uint32_t tMask;

static void tableInit(int bits) {
  size_t size = (size_t)1 << bits;
  tMask = (uint32_t)(size - 1);
  memset(tDepthBound, 0, size * sizeof *tDepthBound);
}

static inline void tableStore(int32_t low, int32_t high, int depth, int bound, int score, int move) {
  uint32_t i = (uint32_t)low & tMask;
  int32_t old = tDepthBound[i];
  if (old != 0 && tCheck[i] == high && (old >> 2) > depth) return;
  tCheck[i] = high;
  tMove[i] = move;
  tScore[i] = score;
  tDepthBound[i] = ((depth > 0 ? depth : 0) << 2) | bound;
}

static inline int isDecisive(int v) { return abs(v) >= WIN - MAX_PLY; }
static inline int toTable(int v, int ply) { return v >= WIN - MAX_PLY ? v + ply : v <= -(WIN - MAX_PLY) ? v - ply : v; }
static inline int fromTable(int v, int ply) { return v >= WIN - MAX_PLY ? v - ply : v <= -(WIN - MAX_PLY) ? v + ply : v; }

/* ---- The search (src/engine/search.ts, class Walk) ------------------------------------------ */

static long long nodes, nextCheck;
static int seldepth, aborted;
static int moves[MAX_PLY + 1][MAX_MOVES];
static int order[MAX_PLY + 1][MAX_MOVES];
static int killers[2 * MAX_PLY];
static int history[2 * HISTORY_SIZE];
static int32_t pathLow[MAX_PLY], pathHigh[MAX_PLY];
static int pv[MAX_PLY * MAX_PLY];
static int pvLength[MAX_PLY + 1];

static inline int endScore(int end, int ply) {
  if (end == MOVER_WINS) return WIN - ply - 1;
  if (end == MOVER_LOSES) return -(WIN - ply - 1);
  return 0;
}

/* No node budget nor clock at a fixed depth: the limits are read as often as the TypeScript reads them, and never stop it. */
static void checkLimits(void) { nextCheck = nodes + CHECK_EVERY + 1; }

static int generateOrdered(int ply, int ttMove) {
  int *ms = moves[ply], *ord = order[ply];
  int n = generate(ms);
  int k0 = killers[2 * ply], k1 = killers[2 * ply + 1];
  const int *h = history + (ply & 1) * HISTORY_SIZE;
  for (int i = 0; i < n; i++) {
    int m = ms[i];
    ord[i] = m == ttMove ? 1 << 30 : isNoisy(m) ? 1 << 29 : m == k0 ? (1 << 28) + 1 : m == k1 ? 1 << 28 : h[m & (HISTORY_SIZE - 1)];
  }
  return n;
}

static inline int pick(int ply, int i, int n) {
  int *ms = moves[ply], *ord = order[ply];
  int best = i;
  for (int j = i + 1; j < n; j++)
    if (ord[j] > ord[best]) best = j;
  if (best != i) {
    int m = ms[i];
    ms[i] = ms[best];
    ms[best] = m;
    int o = ord[i];
    ord[i] = ord[best];
    ord[best] = o;
  }
  return ms[i];
}

static void remember(int ply, int move, int depth) {
  if (isNoisy(move)) return;
  if (killers[2 * ply] != move) {
    killers[2 * ply + 1] = killers[2 * ply];
    killers[2 * ply] = move;
  }
  int h = (ply & 1) * HISTORY_SIZE + (move & (HISTORY_SIZE - 1));
  int v = history[h] + depth * depth;
  history[h] = v < (1 << 27) ? v : 1 << 27;
}

static void updatePv(int ply, int move) {
  int row = ply * MAX_PLY, below = (ply + 1) * MAX_PLY;
  pv[row + ply] = move;
  int end = pvLength[ply + 1];
  for (int k = ply + 1; k < end; k++) pv[row + k] = pv[below + k];
  pvLength[ply] = end > ply + 1 ? end : ply + 1;
}

static int repeats(int ply, int32_t low, int32_t high) {
  pathLow[ply] = low;
  pathHigh[ply] = high;
  for (int p = ply - 2; p >= 0; p -= 2)
    if (pathLow[p] == low && pathHigh[p] == high) return 1;
  return 0;
}

static int quiesce(int alpha, int beta, int ply, int qdepth) {
  pvLength[ply] = ply;
  if (++nodes >= nextCheck) checkLimits();
  if (aborted) return 0;
  if (ply > seldepth) seldepth = ply;
  int *ms = moves[ply];
  int n = generate(ms);
  if (n == 0) return -(WIN - ply);
  int standPat = evaluate();
  if (standPat >= beta || qdepth >= MAX_QUIESCENCE || ply >= MAX_PLY - 1) return standPat;
  if (standPat > alpha) alpha = standPat;
  int best = standPat;
  for (int i = 0; i < n; i++) {
    int move = ms[i];
    if (!isNoisy(move)) continue;
    pvLength[ply + 1] = ply + 1;
    int end = make(move);
    int score = end != CONTINUES ? endScore(end, ply) : -quiesce(-beta, -alpha, ply + 1, qdepth + 1);
    unmake(move);
    if (aborted) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, move);
        if (score >= beta) break;
      }
    }
  }
  return best;
}

static int negamax(int depth, int alpha, int beta, int ply) {
  pvLength[ply] = ply;
  if (depth <= 0) return quiesce(alpha, beta, ply, 0);
  if (++nodes >= nextCheck) checkLimits();
  if (aborted) return 0;
  if (ply > seldepth) seldepth = ply;
  int32_t low = keyLo, high = keyHi;
  if (ply > 0 && repeats(ply, low, high)) return 0;
  if (ply >= MAX_PLY - 1) return evaluate();

  int ttMove = -1;
  uint32_t slot = (uint32_t)low & tMask;
  if (tDepthBound[slot] != 0 && tCheck[slot] == high) {
    ttMove = tMove[slot];
    if (ply > 0 && (tDepthBound[slot] >> 2) >= depth) {
      int s = fromTable(tScore[slot], ply);
      int bound = tDepthBound[slot] & 3;
      if (bound == EXACT || (bound == LOWER && s >= beta) || (bound == UPPER && s <= alpha)) return s;
    }
  }

  int n = generateOrdered(ply, ttMove);
  if (n == 0) return -(WIN - ply);
  int alphaIn = alpha;
  int best = -INF, bestMove = -1;
  for (int i = 0; i < n; i++) {
    int move = pick(ply, i, n);
    pvLength[ply + 1] = ply + 1;
    int end = make(move);
    int score;
    if (end != CONTINUES) score = endScore(end, ply);
    else if (i == 0) score = -negamax(depth - 1, -beta, -alpha, ply + 1);
    else {
      score = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
      if (score > alpha && score < beta) score = -negamax(depth - 1, -beta, -alpha, ply + 1);
    }
    unmake(move);
    if (aborted) return 0;
    if (score > best) {
      best = score;
      bestMove = move;
      if (score > alpha) {
        alpha = score;
        updatePv(ply, move);
        if (score >= beta) {
          remember(ply, move, depth);
          break;
        }
      }
    }
  }
  int bound = best >= beta ? LOWER : best > alphaIn ? EXACT : UPPER;
  tableStore(low, high, depth, bound, toTable(best, ply), bestMove);
  return best;
}

/* ---- The root (Searcher.search and searchRoot at level 10: no margin, no node budget) -------- */

static int rootMove[MAX_MOVES], rootScore[MAX_MOVES], rootPvLen[MAX_MOVES];
static int rootPv[MAX_MOVES][MAX_PLY];
static int resultScore[MAX_MOVES], resultPvLen[MAX_MOVES];
static int resultPv[MAX_MOVES][MAX_PLY];

static int searchRoot(int count, int depth) {
  pathLow[0] = keyLo;
  pathHigh[0] = keyHi;
  int alpha = -INF;
  for (int i = 0; i < count; i++) {
    int move = rootMove[i];
    pvLength[1] = 1;
    int end = make(move);
    int score;
    if (end != CONTINUES) score = endScore(end, 0);
    else if (i == 0) score = -negamax(depth - 1, -INF, INF, 1);
    else {
      score = -negamax(depth - 1, -alpha - 1, -alpha, 1);
      if (score > alpha && !aborted) score = -negamax(depth - 1, -INF, -alpha, 1);
    }
    unmake(move);
    resultPv[i][0] = move;
    int len = 1;
    for (int k = 1; k < pvLength[1]; k++) resultPv[i][len++] = pv[MAX_PLY + k];
    resultPvLen[i] = len;
    /* A move shown only to be below the best so far keeps that bound less one, so it sorts after it. */
    resultScore[i] = i == 0 || score > alpha ? score : (score < alpha - 1 ? score : alpha - 1);
    if (score > alpha) alpha = score;
  }
  for (int i = 0; i < count; i++) {
    rootScore[i] = resultScore[i];
    rootPvLen[i] = resultPvLen[i];
    memcpy(rootPv[i], resultPv[i], (size_t)resultPvLen[i] * sizeof(int));
  }
  return alpha;
}

/* Stable, best first (Array.prototype.sort with b.score - a.score). */
static void sortRoot(int count) {
  for (int i = 1; i < count; i++) {
    int m = rootMove[i], s = rootScore[i], len = rootPvLen[i];
    int line[MAX_PLY];
    memcpy(line, rootPv[i], (size_t)len * sizeof(int));
    int j = i;
    for (; j > 0 && rootScore[j - 1] < s; j--) {
      rootMove[j] = rootMove[j - 1];
      rootScore[j] = rootScore[j - 1];
      rootPvLen[j] = rootPvLen[j - 1];
      memcpy(rootPv[j], rootPv[j - 1], (size_t)rootPvLen[j - 1] * sizeof(int));
    }
    rootMove[j] = m;
    rootScore[j] = s;
    rootPvLen[j] = len;
    memcpy(rootPv[j], line, (size_t)len * sizeof(int));
  }
}

/* A fixed-depth search from the loaded position; the best move (-1: none) and its score. */
static void search(int maxDepth, int bits, int *bestMove, int *bestScore) {
  tableInit(bits);
  nodes = 0;
  seldepth = 0;
  aborted = 0;
  nextCheck = CHECK_EVERY + 1;
  for (int i = 0; i < 2 * MAX_PLY; i++) killers[i] = -1;
  memset(history, 0, sizeof history);
  int all[MAX_MOVES];
  int n = generate(all), count = 0;
  for (int i = 0; i < n; i++)
    if (isNoisy(all[i])) rootMove[count++] = all[i];
  for (int i = 0; i < n; i++)
    if (!isNoisy(all[i])) rootMove[count++] = all[i];
  for (int i = 0; i < count; i++) {
    rootScore[i] = -INF;
    rootPv[i][0] = rootMove[i];
    rootPvLen[i] = 1;
  }
  if (count == 0) {
    *bestMove = -1;
    *bestScore = -WIN;
    return;
  }
  for (int depth = 1; depth <= maxDepth && depth < MAX_PLY; depth++) {
    int score = searchRoot(count, depth);
    sortRoot(count);
    if (isDecisive(score) && WIN - abs(score) <= depth) break;
  }
  *bestMove = rootMove[0];
  *bestScore = rootScore[0];
}

int main(int argc, char **argv) {
