/*
 * The native reference for `playground bench puzzle24`: IDA* with Korf and Felner's 6-6-6-6 pattern databases,
 * h = the Manhattan distance + 2 x the larger of the groups' entries for the board and for its mirror about the
 * main diagonal; blank moves in the order U, L, R, D, never undoing the previous move, the estimates looked at
 * cheapest first, counting expansions as the core does: the same algorithm as assembly/puzzle24, in C, on the same
 * tables (the data cache's entry the core wrote: a 16-byte header, then the two packed tables). Reads boards (25
 * tiles, goal 1..24 0) on standard input and prints `length expansions microseconds generated` per line.
 * Build: cc -O3 -o puzzle24 puzzle24.c; run: puzzle24 TABLES-FILE < boards
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define W 5
#define N 25
#define K 6
#define ENTRIES (25u * 24 * 23 * 22 * 21 * 20)

static const int table_tiles[2][K] = {{13, 18, 19, 20, 23, 24}, {1, 2, 3, 6, 7, 8}};
static const int group_table[4] = {0, 1, 1, 1};
static const int group_members[4][K] = {{13, 18, 19, 20, 23, 24}, {1, 2, 3, 6, 7, 8}, {4, 5, 9, 10, 14, 15}, {11, 12, 16, 17, 21, 22}};

static uint8_t *tables[2];
static uint32_t weight[K];
static uint8_t group_tiles[4][K], cell_map[4][32], group_of[32], mirror_cell[32], mirror_tile[32], md[32][32];
static uint8_t tiles[N], cell_of[32];
static int direct_entry[4], mirror_entry[4], direct_sum, mirror_sum;
static int threshold, next_threshold, found, length;
static uint64_t nodes, generated;

static int symmetric_cell(int symmetry, int cell) {
  int row = cell / W, column = cell % W;
  if (symmetry & 1) { int swap = row; row = column; column = swap; }
  if (symmetry & 2) row = W - 1 - row;
  if (symmetry & 4) column = W - 1 - column;
  return row * W + column;
}

/* The first symmetry that maps the group's homes onto its table's, as the core's addGroup finds it. */
static void set_up_group(int g) {
  const int *table = table_tiles[group_table[g]];
  for (int symmetry = 0; symmetry < 8; symmetry++) {
    int ok = 1;
    for (int i = 0; i < K && ok; i++) {
      int image = symmetric_cell(symmetry, group_members[g][i] - 1) + 1, hit = 0;
      for (int j = 0; j < K; j++) hit |= table[j] == image;
      ok = hit;
    }
    if (!ok) continue;
    for (int cell = 0; cell < N; cell++) cell_map[g][cell] = (uint8_t)symmetric_cell(symmetry, cell);
    for (int i = 0; i < K; i++) {
      int cell = 0;
      while (cell_map[g][cell] != table[i] - 1) cell++;
      group_tiles[g][i] = (uint8_t)(cell + 1);
      group_of[cell + 1] = (uint8_t)g;
    }
    return;
  }
  fprintf(stderr, "no symmetry for group %d\n", g);
  exit(1);
}

static void set_up(void) {
  uint32_t w = 1;
  for (int i = K - 1; i >= 0; i--) { weight[i] = w; w *= (uint32_t)(N - i); }
  for (int g = 0; g < 4; g++) set_up_group(g);
  for (int cell = 0; cell < N; cell++) {
    mirror_cell[cell] = (uint8_t)((cell % W) * W + cell / W);
    mirror_tile[cell + 1] = (uint8_t)(mirror_cell[cell] + 1);
    for (int tile = 1; tile < N; tile++) md[tile][cell] = (uint8_t)(abs((tile - 1) / W - cell / W) + abs((tile - 1) % W - cell % W));
  }
  mirror_tile[0] = 0;
}

static inline int group_entry(int g, int mirrored) {
  const uint8_t *t = tables[group_table[g]];
  uint32_t occupied = 0, rank = 0;
  for (int i = 0; i < K; i++) {
    int tile = group_tiles[g][i];
    int at = mirrored ? mirror_cell[cell_of[mirror_tile[tile]]] : cell_of[tile];
    int cell = cell_map[g][at];
    rank += (uint32_t)(cell - __builtin_popcount(occupied & ((1u << cell) - 1))) * weight[i];
    occupied |= 1u << cell;
  }
  return (t[rank >> 1] >> ((rank & 1) << 2)) & 15;
}

static inline int cut(int f) {
  if (f < next_threshold) next_threshold = f;
  return 0;
}

static void search(int g, int previous, int blank, int manhattan);

static inline int child(int direction, int g, int blank, int manhattan) {
  int from = direction == 0 ? blank - W : direction == 1 ? blank - 1 : direction == 2 ? blank + 1 : blank + W;
  int tile = tiles[from];
  int limit = threshold - g - 1;
  generated++;
  int next_md = manhattan + md[tile][blank] - md[tile][from];
  if (next_md > limit) return cut(g + 1 + next_md);
  cell_of[tile] = (uint8_t)blank;
  int group = group_of[tile];
  int direct = group_entry(group, 0);
  int next_direct = direct_sum - direct_entry[group] + direct;
  if (next_md + 2 * next_direct > limit) { cell_of[tile] = (uint8_t)from; return cut(g + 1 + next_md + 2 * next_direct); }
  int mirror_group = group_of[mirror_tile[tile]];
  int mirror = group_entry(mirror_group, 1);
  int next_mirror = mirror_sum - mirror_entry[mirror_group] + mirror;
  if (next_md + 2 * next_mirror > limit) { cell_of[tile] = (uint8_t)from; return cut(g + 1 + next_md + 2 * next_mirror); }
  tiles[blank] = (uint8_t)tile; tiles[from] = 0; cell_of[0] = (uint8_t)from;
  if (next_md == 0) { found = 1; length = g + 1; return 1; }
  int saved_direct = direct_entry[group], saved_mirror = mirror_entry[mirror_group], saved_ds = direct_sum, saved_ms = mirror_sum;
  direct_entry[group] = direct; direct_sum = next_direct;
  mirror_entry[mirror_group] = mirror; mirror_sum = next_mirror;
  search(g + 1, direction, from, next_md);
  if (found) return 1;
  tiles[from] = (uint8_t)tile; tiles[blank] = 0; cell_of[tile] = (uint8_t)from; cell_of[0] = (uint8_t)blank;
  direct_entry[group] = saved_direct; mirror_entry[mirror_group] = saved_mirror; direct_sum = saved_ds; mirror_sum = saved_ms;
  return 0;
}

static void search(int g, int previous, int blank, int manhattan) {
  nodes++;
  if (previous != 3 && blank >= W && child(0, g, blank, manhattan)) return;
  if (previous != 2 && blank % W != 0 && child(1, g, blank, manhattan)) return;
  if (previous != 1 && blank % W != W - 1 && child(2, g, blank, manhattan)) return;
  if (previous != 0 && blank < N - W) child(3, g, blank, manhattan);
}

static int solve(void) {
  int manhattan = 0;
  for (int cell = 0; cell < N; cell++) if (tiles[cell]) manhattan += md[tiles[cell]][cell];
  direct_sum = mirror_sum = 0;
  for (int g = 0; g < 4; g++) {
    direct_entry[g] = group_entry(g, 0); mirror_entry[g] = group_entry(g, 1);
    direct_sum += direct_entry[g]; mirror_sum += mirror_entry[g];
  }
  threshold = manhattan + 2 * (direct_sum > mirror_sum ? direct_sum : mirror_sum);
  if (threshold == 0) return 0;
  found = 0; nodes = 0; generated = 0;
  while (!found) {
    next_threshold = 1 << 30;
    search(0, -1, cell_of[0], manhattan);
    threshold = next_threshold;
  }
  return length;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: puzzle24 TABLES-FILE < boards\n"); return 2; }
  FILE *file = fopen(argv[1], "rb");
  if (!file) { perror(argv[1]); return 1; }
  fseek(file, 16, SEEK_SET);
  for (int t = 0; t < 2; t++) {
    tables[t] = malloc(ENTRIES / 2);
    if (fread(tables[t], 1, ENTRIES / 2, file) != ENTRIES / 2) { fprintf(stderr, "%s: too short\n", argv[1]); return 1; }
  }
  fclose(file);
  set_up();
  int tile;
  for (;;) {
    for (int cell = 0; cell < N; cell++) {
      if (scanf("%d", &tile) != 1) return 0;
      tiles[cell] = (uint8_t)tile; cell_of[tile] = (uint8_t)cell;
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    int result = solve();
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%d %llu %lld %llu\n", result, (unsigned long long)nodes, (long long)((b.tv_sec - a.tv_sec) * 1000000LL + (b.tv_nsec - a.tv_nsec) / 1000), (unsigned long long)generated);
    fflush(stdout);
  }
}
