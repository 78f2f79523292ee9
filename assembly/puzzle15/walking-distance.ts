// Walking distance (Takahashi). A state is a 4x4 matrix c[r][g]: tiles in row r whose goal row is g (the blank's
// row holds 3 tiles). The same tables serve columns (tiles in column c by goal column). 24,964 states, found by a
// breadth-first search from the goal; link[state][direction][g] is the state after the blank moves up (0) or
// down (1) and a tile of goal row g comes into the blank's row, or NO_STATE.

import { SIZE } from "./four-by-four";

export const STATES: i32 = 24964;
const NO_STATE: u16 = 0xffff;
// The hot tables live at fixed addresses (memory.data): no pointer to load before each access.
const WD_DISTANCE: usize = memory.data(STATES);
const WD_LINK: usize = memory.data(STATES * 8 * 2);
const wdCodes = new StaticArray<u64>(STATES);
const wdBlankRow = new StaticArray<u8>(STATES);
let wdReady = false;

// Open addressing from a state's code (16 counts of 3 bits) to its index.
const HASH_SIZE: i32 = 1 << 16;
const hashCodes = new StaticArray<u64>(HASH_SIZE);
const hashIndex = new StaticArray<u16>(HASH_SIZE);

@inline
function countAt(code: u64, r: i32, g: i32): i32 {
  return <i32>((code >> (<u64>((r * 4 + g) * 3))) & 7);
}

@inline
export function withCount(code: u64, r: i32, g: i32, delta: i32): u64 {
  return code + ((<u64>delta) << (<u64>((r * 4 + g) * 3)));
}

export function findState(code: u64): i32 {
  let slot = <i32>((code * 0x9e3779b97f4a7c15) >> 48) & (HASH_SIZE - 1);
  while (hashCodes[slot] != 0) {
    if (hashCodes[slot] == code) return hashIndex[slot];
    slot = (slot + 1) & (HASH_SIZE - 1);
  }
  return -1;
}

function addState(code: u64, index: i32): void {
  let slot = <i32>((code * 0x9e3779b97f4a7c15) >> 48) & (HASH_SIZE - 1);
  while (hashCodes[slot] != 0) slot = (slot + 1) & (HASH_SIZE - 1);
  hashCodes[slot] = code;
  hashIndex[slot] = <u16>index;
}

/** The breadth-first search over count matrices; returns the number of states (24,964). */
export function buildWalkingDistance(): i32 {
  if (wdReady) return STATES;
  let goal: u64 = 0;
  for (let r = 0; r < SIZE; r++) goal = withCount(goal, r, r, r == 3 ? 3 : 4);
  // Codes are never 0 (some count is positive), so 0 marks an empty hash slot.
  wdCodes[0] = goal;
  wdBlankRow[0] = 3;
  store<u8>(WD_DISTANCE + <usize>(0), 0);
  addState(goal, 0);
  let count = 1;
  for (let head = 0; head < count; head++) {
    const code = wdCodes[head];
    const blank = <i32>wdBlankRow[head];
    for (let direction = 0; direction < 2; direction++) {
      const from = direction == 0 ? blank - 1 : blank + 1;
      for (let g = 0; g < SIZE; g++) {
        let next = NO_STATE;
        if (from >= 0 && from < SIZE && countAt(code, from, g) > 0) {
          const moved = withCount(withCount(code, from, g, -1), blank, g, 1);
          let index = findState(moved);
          if (index < 0) {
            index = count++;
            wdCodes[index] = moved;
            wdBlankRow[index] = <u8>from;
            store<u8>(WD_DISTANCE + <usize>(index), load<u8>(WD_DISTANCE + <usize>(head)) + 1);
            addState(moved, index);
          }
          next = <u16>index;
        }
        store<u16>(WD_LINK + (<usize>(head * 8 + direction * 4 + g) << 1), next);
      }
    }
  }
  wdReady = true;
  return count;
}

export function walkingDistanceOf(state: i32): i32 {
  return load<u8>(WD_DISTANCE + <usize>(state));
}

/** A state's distance (the hot path's read). */
@inline
export function wdDistance(state: i32): i32 {
  return <i32>load<u8>(WD_DISTANCE + <usize>state);
}

/** The state after the blank moves up (0) or down (1) and a tile of goal row (or column) g comes in. */
@inline
export function wdNext(state: i32, down: i32, g: i32): i32 {
  return <i32>load<u16>(WD_LINK + ((<usize>(state * 8 + down * 4 + g)) << 1));
}
