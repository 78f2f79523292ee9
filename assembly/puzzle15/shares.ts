// One iteration of IDA* shared among workers (the searches of every width): every worker searches the top of
// the tree down to splitDepth; the nodes at splitDepth are dealt out in turn and each worker searches only its own.
// Only the first worker counts the nodes above splitDepth, so the workers' counts add up to those of the iteration
// searched alone.

import { countNode } from "../common/stats";

/** The depth whose nodes are dealt out; -1 when the search is not shared. */
export let splitDepth: i32 = -1;
let share: i32 = 0;
let shares: i32 = 1;
let dealt: i32 = 0;

/** The next iteration is share `part` of `parts`, dealt out at `depth`. */
export function dealShares(depth: i32, part: i32, parts: i32): void {
  splitDepth = depth;
  share = part;
  shares = parts;
}

/** The next search is not shared. */
export function endShares(): void {
  splitDepth = -1;
  share = 0;
}

/** An iteration starts: the nodes at splitDepth are dealt from the first again. */
export function restartDeal(): void {
  dealt = 0;
}

/** Whether this worker searches a node at depth g <= splitDepth (counting it if so and it is the first). */
@inline
export function ownsNode(g: i32): bool {
  if (g == splitDepth && dealt++ % shares != share) return false;
  return (share != 0 && g < splitDepth) || !countNode();
}

/** Whether this worker counts what is done at depth g: above splitDepth only the first does. */
@inline
export function countsAt(g: i32): bool {
  return g >= splitDepth || share == 0;
}
