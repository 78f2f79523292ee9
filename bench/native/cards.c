/*
 * The native build of the Red Ten exact solver for `playground bench cards`: the same algorithm as
 * assembly/cards (moves from count masks in the rules' order, the hand facts cache, sure wins two plays ahead,
 * every child looked up in the table before any is searched, a 4-way bucketed table of 16-byte entries), in C,
 * so that the WebAssembly core's node rate is compared with native code on the same deals in the same run.
 * Reads `me other last log2Buckets` per line (hands as the core's packed counts, last as a play code, 0 = a
 * lead), clears the table before each, and prints `result nodes microseconds` (result 1: the mover wins).
 * Build: cc -O3 -o cards cards.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef uint32_t u32;

enum { LEAD = 0, PASS = -1, SINGLE = 1, PAIR = 2, STRAIGHT = 3, BOMB = 4 };
enum { BLACK_TEN = 7, RED_TEN = 13, GREY = 14, RED = 15, TEN_RANK = 7, DOUBLE_JOKER = 26, DOUBLE_RED_TEN = 27 };
enum { MAX_MOVES = 256, MAX_PLY = 160 };

static int play_code(int type, int cards, int key) { return type * 1024 + cards * 64 + key; }
static int code_type(int code) { return code >> 10; }
static int code_cards(int code) { return (code >> 6) & 15; }
static int code_key(int code) { return code & 63; }
static int count(u64 hand, int cls) { return (int)((hand >> (cls * 4)) & 15); }
static u64 one(int cls) { return (u64)1 << (cls * 4); }
static int card_count(u64 hand) {
  u64 sum = (hand & 0x0f0f0f0f0f0f0f0fULL) + ((hand >> 4) & 0x0f0f0f0f0f0f0f0fULL);
  return (int)((sum * 0x0101010101010101ULL) >> 56);
}
static int single_key(int cls) { return cls == RED_TEN ? 15 : cls == GREY ? 13 : cls == RED ? 14 : cls; }
static int rank_count(u64 hand, int rank) { return rank == TEN_RANK ? count(hand, BLACK_TEN) + count(hand, RED_TEN) : count(hand, rank); }
static int rank_at_place(int place) { return place < 2 ? place + 11 : place - 2; }

static int beats(int code, int last) {
  if (last == LEAD) return 1;
  int type = code_type(code), last_type = code_type(last);
  if (type == BOMB) return last_type != BOMB || code_key(code) > code_key(last);
  if (type != last_type) return 0;
  if (type == STRAIGHT && code_cards(code) != code_cards(last)) return 0;
  return code_key(code) > code_key(last);
}

/* ---- moves (assembly/cards/moves.ts) ---- */

static u64 removals[MAX_MOVES * MAX_PLY];
static int codes[MAX_MOVES * MAX_PLY];
static int top, last_play;

static u64 at_least(u64 hand, int n) { return (hand + (u64)(8 - n) * 0x1111111111111111ULL) & 0x8888888888888888ULL; }
#define RANK_CLASSES 0x0008888888888888ULL
#define TEN_BIT ((u64)8 << (TEN_RANK * 4))
static int class_of_bit(u64 mask) { return __builtin_ctzll(mask) >> 2; }
static int held_places(u64 hand) {
  int ranks = 0;
  for (u64 m = at_least(hand, 1) & RANK_CLASSES; m; m &= m - 1) ranks |= 1 << class_of_bit(m);
  if (count(hand, RED_TEN) > 0) ranks |= 1 << TEN_RANK;
  return ((ranks >> 11) & 3) | ((ranks & 0x7ff) << 2);
}

static void push(u64 removal, int code) {
  if (beats(code, last_play)) {
    removals[top] = removal;
    codes[top] = code;
    top++;
  }
}

static int generate(u64 hand, int last, int ply) {
  int base = ply * MAX_MOVES;
  top = base;
  last_play = last;
  int type = last == LEAD ? 0 : code_type(last);
  if (last != LEAD) {
    removals[top] = 0;
    codes[top] = PASS;
    top++;
  }
  if (type == 0 || type == SINGLE) {
    for (u64 m = at_least(hand, 1) & RANK_CLASSES; m; m &= m - 1) {
      int cls = class_of_bit(m);
      push(one(cls), play_code(SINGLE, 1, cls));
    }
    if (count(hand, GREY) > 0) push(one(GREY), play_code(SINGLE, 1, 13));
    if (count(hand, RED) > 0) push(one(RED), play_code(SINGLE, 1, 14));
    if (count(hand, RED_TEN) > 0) push(one(RED_TEN), play_code(SINGLE, 1, 15));
  }
  int black_tens = count(hand, BLACK_TEN), red_tens = count(hand, RED_TEN);
  if (type == 0 || type == PAIR) {
    u64 m = at_least(hand, 2) & RANK_CLASSES;
    if (black_tens >= 1 && red_tens >= 1) m |= TEN_BIT;
    for (; m; m &= m - 1) {
      int rank = class_of_bit(m);
      if (rank == TEN_RANK) {
        if (black_tens >= 2) push(one(BLACK_TEN) * 2, play_code(PAIR, 2, TEN_RANK));
        if (black_tens >= 1 && red_tens >= 1) push(one(BLACK_TEN) + one(RED_TEN), play_code(PAIR, 2, TEN_RANK));
      } else push(one(rank) * 2, play_code(PAIR, 2, rank));
    }
  }
  if (type == 0 || type == STRAIGHT) {
    int places = held_places(hand);
    for (int starts = places & (places >> 1) & (places >> 2); starts; starts &= starts - 1) {
      int start = __builtin_ctz(starts);
      u64 removal = 0;
      int ten_place = -1;
      for (int place = start; place < 13 && (places & (1 << place)); place++) {
        int rank = rank_at_place(place);
        if (rank == TEN_RANK) ten_place = place;
        else removal += one(rank);
        int length = place - start + 1;
        if (length < 3) continue;
        int code = play_code(STRAIGHT, length, start);
        if (ten_place < 0) push(removal, code);
        else {
          if (black_tens > 0) push(removal + one(BLACK_TEN), code);
          if (red_tens > 0) push(removal + one(RED_TEN), code);
        }
      }
    }
  }
  for (int size = 3; size <= 4; size++) {
    u64 m = at_least(hand, size) & RANK_CLASSES & ~TEN_BIT;
    if (black_tens + red_tens >= size) m |= TEN_BIT;
    for (; m; m &= m - 1) {
      int rank = class_of_bit(m);
      int code = play_code(BOMB, size, (size == 3 ? 0 : 13) + rank);
      if (rank != TEN_RANK) {
        push(one(rank) * (u64)size, code);
        continue;
      }
      for (int black = size < 2 ? size : 2; black >= 0; black--) {
        int red = size - black;
        if (black <= black_tens && red <= red_tens) push(one(BLACK_TEN) * (u64)black + one(RED_TEN) * (u64)red, code);
      }
    }
  }
  if (count(hand, GREY) > 0 && count(hand, RED) > 0) push(one(GREY) + one(RED), play_code(BOMB, 2, DOUBLE_JOKER));
  if (count(hand, RED_TEN) == 2) push(one(RED_TEN) * 2, play_code(BOMB, 2, DOUBLE_RED_TEN));
  return top - base;
}

static int hand_code(u64 hand) {
  int cards = card_count(hand);
  if (cards == 0) return -1;
  if (cards == 1) {
    for (int cls = 0; cls < 16; cls++) if (count(hand, cls) == 1) return play_code(SINGLE, 1, single_key(cls));
  }
  int jokers = count(hand, GREY) + count(hand, RED);
  if (cards == 2 && jokers == 2) return play_code(BOMB, 2, DOUBLE_JOKER);
  if (cards == 2 && count(hand, RED_TEN) == 2) return play_code(BOMB, 2, DOUBLE_RED_TEN);
  if (jokers > 0) return -1;
  for (int rank = 0; rank <= 12; rank++) {
    int held = rank_count(hand, rank);
    if (held == cards) return cards == 2 ? play_code(PAIR, 2, rank) : cards <= 4 ? play_code(BOMB, cards, (cards == 3 ? 0 : 13) + rank) : -1;
    if (held > 1) return -1;
  }
  int places = held_places(hand), start = __builtin_ctz(places);
  return cards >= 3 && places >> start == (1 << cards) - 1 ? play_code(STRAIGHT, cards, start) : -1;
}

/* ---- the table (assembly/common/tt.ts): 4-entry buckets of 64 bytes, an entry the whole key and a payload ---- */

typedef struct {
  u64 key;
  u32 payload;
  u32 unused;
} Entry;

static Entry *table;
static u64 bucket_mask;
static u64 prefetch_sink;

static Entry *bucket_of(u64 key) { return table + ((key & bucket_mask) << 2); }
static u32 tt_probe(u64 key) {
  Entry *bucket = bucket_of(key);
  for (int i = 0; i < 4; i++)
    if (bucket[i].payload != 0 && bucket[i].key == key) return bucket[i].payload;
  return 0;
}
static void tt_store(u64 key, u32 payload) {
  Entry *bucket = bucket_of(key), *target = bucket;
  u32 shallowest = 0xffffffffu;
  for (int i = 0; i < 4; i++) {
    if (bucket[i].payload == 0 || bucket[i].key == key) {
      target = bucket + i;
      break;
    }
    u32 depth = bucket[i].payload & 63;
    if (depth < shallowest) {
      shallowest = depth;
      target = bucket + i;
    }
  }
  target->key = key;
  target->payload = payload;
}
/* The same plain load as the core's touch (WebAssembly has no prefetch instruction). */
static void tt_touch(u64 key) { prefetch_sink += *(volatile u64 *)bucket_of(key); }

/* ---- the solver (assembly/cards/index.ts) ---- */

static u64 mix(u64 x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
#define EXACT_SALT 0x1234567ULL
static u64 key_of(u64 me, u64 other, int last) { return mix(me ^ mix(other ^ mix(((u64)(last + 2) << 1) ^ EXACT_SALT))); }

enum { FACT_SLOTS_LOG2 = 14 };
static u64 fact_hands[1 << FACT_SLOTS_LOG2], fact_answers[1 << FACT_SLOTS_LOG2];
static int fact_codes[1 << FACT_SLOTS_LOG2];

static int imax(int a, int b) { return a > b ? a : b; }

static u64 answers_of(u64 hand) {
  int top_single = -1, top_pair = -1, top_bomb = -1;
  for (int cls = 0; cls < 16; cls++) if (count(hand, cls) > 0) top_single = imax(top_single, single_key(cls));
  for (int rank = 0; rank < 13; rank++) {
    int c = rank_count(hand, rank);
    int pairs = rank == 7 ? count(hand, 7) >= 1 && c >= 2 : c >= 2;
    if (pairs) top_pair = imax(top_pair, rank);
    if (c >= 3) top_bomb = imax(top_bomb, (c >= 4 ? 13 : 0) + rank);
  }
  if (count(hand, 14) + count(hand, 15) == 2) top_bomb = imax(top_bomb, 26);
  if (count(hand, 13) == 2) top_bomb = 27;
  u64 packed = (u64)(top_single + 1) | ((u64)(top_pair + 1) << 5) | ((u64)(top_bomb + 1) << 9);
  int places = held_places(hand), run = 0;
  for (int place = 12; place >= 0; place--) {
    run = (places >> place) & 1 ? run + 1 : 0;
    for (int length = 3; length <= run; length++) {
      int shift = 14 + (length - 3) * 4;
      if (((packed >> shift) & 15) == 0) packed |= (u64)(place + 1) << shift;
    }
  }
  return packed;
}

static int fact_slot(u64 hand) {
  int slot = (int)((hand * 0x9e3779b97f4a7c15ULL) >> (64 - FACT_SLOTS_LOG2));
  if (fact_hands[slot] != hand) {
    fact_hands[slot] = hand;
    fact_answers[slot] = answers_of(hand);
    fact_codes[slot] = hand_code(hand);
  }
  return slot;
}

static int maybe_one_combination(u64 hand) {
  int cards = card_count(hand);
  return cards <= 4 || (cards <= 13 && (hand & 0xeeeeeeeeeeeeeeeeULL) == 0);
}

static int answerable(u64 answers, int code) {
  int type = code_type(code), key = code_key(code);
  int top_bomb = (int)((answers >> 9) & 31) - 1;
  if (type == BOMB) return top_bomb > key;
  if (top_bomb >= 0) return 1;
  if (type == SINGLE) return (int)(answers & 31) - 1 > key;
  if (type == PAIR) return (int)((answers >> 5) & 15) - 1 > key;
  return (int)((answers >> (14 + (code_cards(code) - 3) * 4)) & 15) - 1 > key;
}

#define LOSES_AT_ONCE (-(1 << 24))
#define KNOWN_WON (-(1 << 25))
static int order[MAX_MOVES * MAX_PLY], priority[MAX_MOVES * MAX_PLY];
static u64 child_keys[MAX_MOVES * MAX_PLY];
static char other_passes[MAX_MOVES * MAX_PLY];

static int order_moves(u64 me, u64 other, int n, int ply) {
  int base = ply * MAX_MOVES;
  int other_goes_out = maybe_one_combination(other) ? fact_codes[fact_slot(other)] : -1;
  u64 other_answers = 0;
  int summarized = 0;
  for (int i = 0; i < n; i++) {
    int code = codes[base + i];
    u64 removal = removals[base + i];
    int p;
    if (code == PASS) p = other_goes_out >= 0 ? LOSES_AT_ONCE : -10000;
    else {
      if (removal == me) return i;
      u64 rest = me - removal;
      if (maybe_one_combination(rest)) {
        if (!summarized) {
          other_answers = fact_answers[fact_slot(other)];
          summarized = 1;
        }
        if (!answerable(other_answers, code) && fact_codes[fact_slot(rest)] >= 0) return i;
      }
      p = other_goes_out >= 0 && beats(other_goes_out, code) ? LOSES_AT_ONCE : code_cards(code) * 100 - code_key(code) * 20 - (code_type(code) == BOMB ? 1500 : 0);
    }
    priority[base + i] = p;
    order[base + i] = i;
  }
  for (int i = 1; i < n; i++) {
    int moved = order[base + i], p = priority[base + moved], j = i - 1;
    while (j >= 0 && priority[base + order[base + j]] < p) {
      order[base + j + 1] = order[base + j];
      j--;
    }
    order[base + j + 1] = moved;
  }
  return -1;
}

#define WON (1u << 6)
#define LOST (2u << 6)
static u64 node_count;

static int wins(u64 me, u64 other, int last, int ply, u64 key) {
  node_count++;
  if (ply >= MAX_PLY - 2) return 0;
  u32 entry = tt_probe(key);
  if (entry & WON) return 1;
  if (entry & LOST) return 0;
  int n = generate(me, last, ply);
  if (order_moves(me, other, n, ply) >= 0) return 1;
  int base = ply * MAX_MOVES;
  int total = card_count(me) + card_count(other);
  u32 depth = total < 63 ? total : 63;
  // A play the other cannot answer goes straight to the mover's next lead (the forced pass is no node).
  u64 other_answers = fact_answers[fact_slot(other)];
  for (int i = 0; i < n; i++) {
    int code = codes[base + i];
    u64 rest = me - removals[base + i];
    int passes = code != PASS && !answerable(other_answers, code);
    u64 child = code == PASS ? key_of(other, me, LEAD) : passes ? key_of(rest, other, LEAD) : key_of(other, rest, code);
    other_passes[base + i] = passes;
    child_keys[base + i] = child;
    tt_touch(child);
  }
  for (int i = 0; i < n; i++) {
    u32 known = tt_probe(child_keys[base + i]);
    if (other_passes[base + i]) known = known & WON ? LOST : known & LOST ? WON : 0;
    if (known & LOST) {
      tt_store(key, depth | WON);
      return 1;
    }
    if (known & WON) priority[base + i] = KNOWN_WON;
  }
  for (int k = 0; k < n; k++) {
    int i = order[base + k], p = priority[base + i];
    if (p == LOSES_AT_ONCE) break;
    if (p == KNOWN_WON) continue;
    int code = codes[base + i];
    u64 child_key = child_keys[base + i];
    u64 rest = me - removals[base + i];
    int won = code == PASS ? !wins(other, me, LEAD, ply + 1, child_key)
      : other_passes[base + i] ? wins(rest, other, LEAD, ply + 2, child_key)
      : !wins(other, rest, code, ply + 1, child_key);
    if (won) {
      tt_store(key, depth | WON);
      return 1;
    }
  }
  tt_store(key, depth | LOST);
  return 0;
}

int main(void) {
  unsigned long long me, other;
  int last, log2_buckets, table_log2 = -1;
  memset(fact_hands, 0xff, sizeof fact_hands);
  while (scanf("%llu %llu %d %d", &me, &other, &last, &log2_buckets) == 4) {
    size_t bytes = (size_t)64 << log2_buckets;
    if (log2_buckets != table_log2) {
      free(table);
      table = aligned_alloc(64, bytes);
      if (!table) return 1;
      bucket_mask = ((u64)1 << log2_buckets) - 1;
      table_log2 = log2_buckets;
    }
    memset(table, 0, bytes);
    node_count = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int result = wins(me, other, last, 0, key_of(me, other, last));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long us = (t1.tv_sec - t0.tv_sec) * 1000000LL + (t1.tv_nsec - t0.tv_nsec) / 1000;
    printf("%d %llu %lld\n", result, (unsigned long long)node_count, us);
    fflush(stdout);
  }
  return prefetch_sink == 42 ? 2 : 0;
}
