// The children of a node to search, best first, one list per ply in the thread's memory (no allocation during a
// search): each child's stones after its forced replies, the threats its move made, its column and its order
// score. Set in column order, then sorted by score, equal scores staying in column order.

import { childAddress, columnAddress, orderAddress } from "./thread-memory";

@inline
export function setChild(ply: i32, index: i32, column: i32, current: u64, all: u64, threats: u64): void {
  const at = childAddress(ply, index);
  store<u64>(at, current);
  store<u64>(at, all, 8);
  store<u64>(at, threats, 16);
  store<i32>(columnAddress(ply, index), column);
}

@inline
export function setOrder(ply: i32, index: i32, score: i32): void {
  store<i32>(orderAddress(ply, index), score);
}

/** Sorts the ply's `count` children by score, highest first (insertion: at most 12). */
export function sortChildren(ply: i32, count: i32): void {
  for (let i = 1; i < count; i++) {
    const score = load<i32>(orderAddress(ply, i));
    const column = load<i32>(columnAddress(ply, i));
    const current = load<u64>(childAddress(ply, i));
    const all = load<u64>(childAddress(ply, i), 8);
    const threats = load<u64>(childAddress(ply, i), 16);
    let j = i;
    while (j > 0 && load<i32>(orderAddress(ply, j - 1)) < score) {
      const from = childAddress(ply, j - 1);
      const to = childAddress(ply, j);
      store<u64>(to, load<u64>(from));
      store<u64>(to, load<u64>(from, 8), 8);
      store<u64>(to, load<u64>(from, 16), 16);
      store<i32>(columnAddress(ply, j), load<i32>(columnAddress(ply, j - 1)));
      store<i32>(orderAddress(ply, j), load<i32>(orderAddress(ply, j - 1)));
      j--;
    }
    setChild(ply, j, column, current, all, threats);
    setOrder(ply, j, score);
  }
}

/** Child `index` of the ply's list: the stones of its player to move, all its stones, its column. */
@inline
export function childStones(ply: i32, index: i32): u64 {
  return load<u64>(childAddress(ply, index));
}

@inline
export function childAllStones(ply: i32, index: i32): u64 {
  return load<u64>(childAddress(ply, index), 8);
}

/** The threats the child's move made (the cells where its player would complete four). */
@inline
export function childThreats(ply: i32, index: i32): u64 {
  return load<u64>(childAddress(ply, index), 16);
}

@inline
export function childColumn(ply: i32, index: i32): i32 {
  return load<i32>(columnAddress(ply, index));
}
