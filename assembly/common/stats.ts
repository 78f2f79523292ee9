// Node and time counters every core shares, and the budget that stops a search.

@external("env", "now")
declare function now(): f64;

@external("env", "iteration")
declare function iteration(depth: i32, nodes: f64, ms: f64, score: i32, move: i32): void;

/** The clock is read every this many nodes. */
const CLOCK_INTERVAL: u64 = 4096;

let nodes: u64 = 0;
let startMs: f64 = 0;
let maxNodes: u64 = u64.MAX_VALUE;
let maxMs: f64 = Infinity;
let stopped = false;
/** The node count at which the budget is next looked at: one compare per node on the fast path. */
let checkAt: u64 = 0;

/** Starts a search: zero the counters and set its budget (0 means no limit). */
export function startSearch(nodeLimit: f64, msLimit: f64): void {
  nodes = 0;
  stopped = false;
  startMs = now();
  maxNodes = nodeLimit > 0 ? <u64>nodeLimit : u64.MAX_VALUE;
  maxMs = msLimit > 0 ? msLimit : Infinity;
  checkAt = min(maxNodes, CLOCK_INTERVAL);
}

/** Counts one node; returns true once the budget is spent, and from then on counts no more. */
@inline
export function countNode(): bool {
  return ++nodes >= checkAt && budgetSpent();
}

function budgetSpent(): bool {
  if (stopped) {
    nodes--; // a node refused after the stop is not a node searched
    return true;
  }
  if (nodes >= maxNodes || now() - startMs >= maxMs) {
    stopped = true; // this node counts; the search stops here
    return true;
  }
  checkAt = min(maxNodes, nodes + CLOCK_INTERVAL);
  return false;
}

/** The nodes counted so far, as an integer (a search's work on a subtree is the difference of two reads). */
@inline
export function nodesSoFar(): u64 {
  return nodes;
}

/** Adds nodes searched elsewhere (other threads) to this search's count. */
export function addNodes(count: u64): void {
  nodes += count;
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

let reporting = false;

/** Whether the host listens to iteration reports: when it does not, a report costs nothing. */
export function setReporting(on: bool): void {
  reporting = on;
}

/** Tells the host that an iteration of the search finished (the chart's bar): the nodes and ms so far. */
export function reportIteration(depth: i32, score: i32, move: i32): void {
  if (reporting) iteration(depth, <f64>nodes, now() - startMs, score, move);
}
