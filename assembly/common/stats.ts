// Node and time counters every core shares, and the budget that stops a search.

@external("env", "now")
declare function now(): f64;

let nodes: u64 = 0;
let startMs: f64 = 0;
let maxNodes: u64 = u64.MAX_VALUE;
let maxMs: f64 = Infinity;
let stopped = false;

/** Starts a search: zero the counters and set its budget (0 means no limit). */
export function startSearch(nodeLimit: f64, msLimit: f64): void {
  nodes = 0;
  stopped = false;
  startMs = now();
  maxNodes = nodeLimit > 0 ? <u64>nodeLimit : u64.MAX_VALUE;
  maxMs = msLimit > 0 ? msLimit : Infinity;
}

/** Counts one node; returns true once the budget is spent, and from then on counts no more (the clock is read every 4096 nodes). */
@inline
export function countNode(): bool {
  if (stopped) return true;
  nodes++;
  if (nodes >= maxNodes) stopped = true;
  else if ((nodes & 4095) == 0 && now() - startMs >= maxMs) stopped = true;
  return stopped;
}

export function searchStopped(): bool {
  return stopped;
}

export function nodeCount(): f64 {
  return <f64>nodes;
}

export function elapsedMs(): f64 {
  return now() - startMs;
}
