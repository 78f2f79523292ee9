/*
 * The native reference for `playground bench puzzle15`: IDA* with the walking-distance heuristic, blank moves
 * in the order U, L, R, D, never undoing the previous move, counting expansions as the core does;
 * the same algorithm as assembly/puzzle15 with WD, in C. Reads boards (16 tiles, goal 1..15 0) on standard
 * input and prints `length expansions microseconds` per line. Build: cc -O3 -o puzzle15 puzzle15.c
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define STATES 24964
#define HASH 65536
static uint8_t wd_dist[STATES];
static uint16_t wd_link[STATES * 8];
static uint64_t wd_code[STATES], hash_code[HASH];
static uint16_t hash_index[HASH];
static uint8_t wd_blank[STATES];

static int count_at(uint64_t c, int r, int g) { return (int)((c >> ((r * 4 + g) * 3)) & 7); }
static uint64_t with_count(uint64_t c, int r, int g, int d) { return c + ((uint64_t)(int64_t)d << ((r * 4 + g) * 3)); }
static unsigned slot_of(uint64_t c) { return (unsigned)((c * 0x9e3779b97f4a7c15ull) >> 48) & (HASH - 1); }
static int find(uint64_t c) {
  for (unsigned s = slot_of(c); hash_code[s]; s = (s + 1) & (HASH - 1)) if (hash_code[s] == c) return hash_index[s];
  return -1;
}
static void add(uint64_t c, int i) {
  unsigned s = slot_of(c);
  while (hash_code[s]) s = (s + 1) & (HASH - 1);
  hash_code[s] = c; hash_index[s] = (uint16_t)i;
}
static void build(void) {
  uint64_t goal = 0;
  for (int r = 0; r < 4; r++) goal = with_count(goal, r, r, r == 3 ? 3 : 4);
  wd_code[0] = goal; wd_blank[0] = 3; add(goal, 0);
  int count = 1;
  for (int head = 0; head < count; head++) {
    int b = wd_blank[head];
    for (int d = 0; d < 2; d++) {
      int from = d == 0 ? b - 1 : b + 1;
      for (int g = 0; g < 4; g++) {
        uint16_t next = 0xffff;
        if (from >= 0 && from < 4 && count_at(wd_code[head], from, g) > 0) {
          uint64_t m = with_count(with_count(wd_code[head], from, g, -1), b, g, 1);
          int i = find(m);
          if (i < 0) { i = count++; wd_code[i] = m; wd_blank[i] = (uint8_t)from; wd_dist[i] = wd_dist[head] + 1; add(m, i); }
          next = (uint16_t)i;
        }
        wd_link[head * 8 + d * 4 + g] = next;
      }
    }
  }
}

static uint8_t tiles[16];
static int blank, row_state, col_state, threshold, next_threshold, found, length;
static uint64_t expansions;
static const int step[4] = {-4, -1, 1, 4};

static int can_move(int d) { return d == 0 ? blank >= 4 : d == 3 ? blank < 12 : d == 1 ? (blank & 3) != 0 : (blank & 3) != 3; }

static void search(int g, int previous) {
  expansions++;
  for (int d = 0; d < 4; d++) {
    if (d == 3 - previous || !can_move(d)) continue;
    int from = blank + step[d], tile = tiles[from];
    int saved_row = row_state, saved_col = col_state;
    tiles[blank] = (uint8_t)tile; tiles[from] = 0;
    if (d == 0 || d == 3) row_state = wd_link[row_state * 8 + (d == 3) * 4 + ((tile - 1) >> 2)];
    else col_state = wd_link[col_state * 8 + (d == 2) * 4 + ((tile - 1) & 3)];
    int old_blank = blank; blank = from;
    int h = wd_dist[row_state] + wd_dist[col_state];
    if (h == 0) { found = 1; length = g + 1; return; }
    int f = g + 1 + h;
    if (f <= threshold) { search(g + 1, d); if (found) return; }
    else if (f < next_threshold) next_threshold = f;
    blank = old_blank; tiles[from] = (uint8_t)tile; tiles[blank] = 0;
    row_state = saved_row; col_state = saved_col;
  }
}

int main(void) {
  build();
  int t[16];
  while (scanf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &t[0], &t[1], &t[2], &t[3], &t[4], &t[5], &t[6], &t[7], &t[8], &t[9], &t[10], &t[11], &t[12], &t[13], &t[14], &t[15]) == 16) {
    int c; while ((c = getchar()) != '\n' && c != EOF) {}
    uint64_t rows = 0, cols = 0;
    for (int i = 0; i < 16; i++) {
      tiles[i] = (uint8_t)t[i];
      if (!t[i]) { blank = i; continue; }
      rows = with_count(rows, i >> 2, (t[i] - 1) >> 2, 1);
      cols = with_count(cols, i & 3, (t[i] - 1) & 3, 1);
    }
    row_state = find(rows); col_state = find(cols);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    expansions = 0; found = 0; length = 0;
    threshold = wd_dist[row_state] + wd_dist[col_state];
    while (!found && threshold) { next_threshold = 1 << 30; search(0, -1); threshold = next_threshold; }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%d %llu %.1f\n", length, (unsigned long long)expansions, (end.tv_sec - start.tv_sec) * 1e6 + (end.tv_nsec - start.tv_nsec) / 1e3);
  }
  return 0;
}
