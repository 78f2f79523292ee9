// Counting the distinct positions `ply` stones deep (perft), to prove move generation and keys: an
// open-addressing set of keys (+1, so that 0 is empty) in a buffer allocated on first use.

import { boardWidth, canPlay, isWinningMove, key, playColumn, undo } from "./position";

let seen: StaticArray<u64> | null = null;
let seenMask: u32 = 0;
let seenCount: i32 = 0;

function remember(k: u64): void {
  const set = seen!;
  let i = <u32>((k * 0x9e3779b97f4a7c15) >> 40) & seenMask;
  while (set[i] != 0) {
    if (set[i] == k + 1) return;
    i = (i + 1) & seenMask;
  }
  set[i] = k + 1;
  seenCount++;
}

function collect(depth: i32): void {
  if (depth == 0) {
    remember(key());
    return;
  }
  for (let column = 0; column < boardWidth(); column++) {
    if (!canPlay(column)) continue;
    // A move that makes four ends the game: the position counts, nothing follows it.
    const wins = isWinningMove(column);
    playColumn(column);
    if (wins) {
      if (depth == 1) remember(key());
    } else {
      collect(depth - 1);
    }
    undo();
  }
}

/** How many distinct positions are `ply` stones away from the current one (1, 7, 49, 238, … from empty). */
export function countPositions(ply: i32): i32 {
  if (seen == null) {
    seen = new StaticArray<u64>(1 << 22);
    seenMask = (1 << 22) - 1;
  }
  memory.fill(changetype<usize>(seen), 0, (<usize>1 << 22) << 3);
  seenCount = 0;
  collect(ply);
  return seenCount;
}
