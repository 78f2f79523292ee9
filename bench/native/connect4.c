/*
 * The native reference for `playground bench connect4`: Pascal Pons' algorithm (bitboards, threat-ordered
 * moves, non-losing moves, a prime-sized table with 32-bit keys holding upper and lower bounds, null-window
 * searches), in C: the search our core (assembly/connect4) started from, before it took Christophe Steininger's
 * improvements, so the two no longer search the same nodes and only their times compare. Nodes here are every
 * call of negamax, as Pons counts them. Reads positions (`columns score`) on standard input, clears the table
 * before each, and prints `score nodes microseconds` per line.
 * Build: cc -O3 -o connect4 connect4.c
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { WIDTH = 7, HEIGHT = 6, CELLS = WIDTH * HEIGHT, MIN_SCORE = -CELLS / 2 + 3, MAX_SCORE = (CELLS + 1) / 2 - 3 };
#define TABLE_SIZE 8388617u

static uint64_t bottom_mask, board_mask;
static uint64_t current, mask;
static int moves;
static uint64_t node_count;
static uint32_t table_keys[TABLE_SIZE];
static uint8_t table_values[TABLE_SIZE];
static const int column_order[WIDTH] = {3, 2, 4, 1, 5, 0, 6};

static uint64_t column_mask(int c) { return ((UINT64_C(1) << HEIGHT) - 1) << (c * (HEIGHT + 1)); }
static uint64_t possible(void) { return (mask + bottom_mask) & board_mask; }

static uint64_t winning(uint64_t p, uint64_t all) {
  uint64_t r = (p << 1) & (p << 2) & (p << 3), q;
  q = (p << (HEIGHT + 1)) & (p << 2 * (HEIGHT + 1)); r |= q & (p << 3 * (HEIGHT + 1)); r |= q & (p >> (HEIGHT + 1));
  q = (p >> (HEIGHT + 1)) & (p >> 2 * (HEIGHT + 1)); r |= q & (p << (HEIGHT + 1)); r |= q & (p >> 3 * (HEIGHT + 1));
  q = (p << HEIGHT) & (p << 2 * HEIGHT); r |= q & (p << 3 * HEIGHT); r |= q & (p >> HEIGHT);
  q = (p >> HEIGHT) & (p >> 2 * HEIGHT); r |= q & (p << HEIGHT); r |= q & (p >> 3 * HEIGHT);
  q = (p << (HEIGHT + 2)) & (p << 2 * (HEIGHT + 2)); r |= q & (p << 3 * (HEIGHT + 2)); r |= q & (p >> (HEIGHT + 2));
  q = (p >> (HEIGHT + 2)) & (p >> 2 * (HEIGHT + 2)); r |= q & (p << (HEIGHT + 2)); r |= q & (p >> 3 * (HEIGHT + 2));
  return r & (board_mask ^ all);
}

static uint64_t non_losing(void) {
  uint64_t pm = possible(), opp = winning(current ^ mask, mask), forced = pm & opp;
  if (forced) {
    if (forced & (forced - 1)) return 0;
    pm = forced;
  }
  return pm & ~(opp >> 1);
}

static int negamax(int alpha, int beta) {
  node_count++;
  uint64_t next = non_losing();
  if (!next) return -(CELLS - moves) / 2;
  if (moves >= CELLS - 2) return 0;
  int min = -(CELLS - 2 - moves) / 2;
  if (alpha < min) { alpha = min; if (alpha >= beta) return alpha; }
  int max = (CELLS - 1 - moves) / 2;
  uint64_t key = current + mask;
  uint32_t i = (uint32_t)(key % TABLE_SIZE);
  int stored = table_keys[i] == (uint32_t)key ? table_values[i] : 0;
  if (stored) {
    if (stored > MAX_SCORE - MIN_SCORE + 1) {
      min = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
      if (alpha < min) { alpha = min; if (alpha >= beta) return alpha; }
    } else max = stored + MIN_SCORE - 1;
  }
  if (beta > max) { beta = max; if (alpha >= beta) return beta; }
  uint64_t list[WIDTH]; int scores[WIDTH], count = 0;
  for (int k = WIDTH - 1; k >= 0; k--) {
    uint64_t move = next & column_mask(column_order[k]);
    if (!move) continue;
    int score = __builtin_popcountll(winning(current | move, mask)), pos = count++;
    for (; pos && scores[pos - 1] > score; pos--) { list[pos] = list[pos - 1]; scores[pos] = scores[pos - 1]; }
    list[pos] = move; scores[pos] = score;
  }
  uint64_t saved_current = current, saved_mask = mask;
  while (count) {
    uint64_t move = list[--count];
    current ^= mask; mask |= move; moves++;
    int score = -negamax(-beta, -alpha);
    current = saved_current; mask = saved_mask; moves--;
    if (score >= beta) { table_keys[i] = (uint32_t)key; table_values[i] = (uint8_t)(score + MAX_SCORE - 2 * MIN_SCORE + 2); return score; }
    if (score > alpha) alpha = score;
  }
  table_keys[i] = (uint32_t)key; table_values[i] = (uint8_t)(alpha - MIN_SCORE + 1);
  return alpha;
}

static int solve(void) {
  if (winning(current, mask) & possible()) return (CELLS + 1 - moves) / 2;
  int min = -(CELLS - moves) / 2, max = (CELLS + 1 - moves) / 2;
  while (min < max) {
    int med = min + (max - min) / 2;
    if (med <= 0 && min / 2 < med) med = min / 2;
    else if (med >= 0 && max / 2 > med) med = max / 2;
    int r = negamax(med, med + 1);
    if (r <= med) max = r; else min = r;
  }
  return min;
}

int main(void) {
  for (int c = 0; c < WIDTH; c++) bottom_mask |= UINT64_C(1) << (c * (HEIGHT + 1));
  board_mask = bottom_mask * ((UINT64_C(1) << HEIGHT) - 1);
  char line[256];
  while (fgets(line, sizeof line, stdin)) {
    current = mask = 0; moves = 0; node_count = 0;
    memset(table_keys, 0, sizeof table_keys);
    memset(table_values, 0, sizeof table_values);
    for (char *p = line; *p >= '1' && *p <= '7'; p++) {
      int c = *p - '1';
      current ^= mask; mask |= (mask + (UINT64_C(1) << (c * (HEIGHT + 1)))) & column_mask(c); moves++;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int score = solve();
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%d %llu %.3f\n", score, (unsigned long long)node_count, (end.tv_sec - start.tv_sec) * 1e6 + (end.tv_nsec - start.tv_nsec) / 1e3);
  }
  return 0;
}
