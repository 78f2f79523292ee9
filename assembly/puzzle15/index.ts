// 15-puzzle core: IDA* with a choice of heuristics (walking distance, with the inversion distance, Manhattan
// distance, additive pattern databases), alone or one iteration shared among workers. One idea a file: the board
// (board.ts), the walking-distance tables (walking-distance.ts), the pattern databases (patterns.ts), the
// heuristics' state of a board (heuristic.ts), the search (search.ts). Exports are numbers only.

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { setTile } from "./board";
export { buildWalkingDistance, walkingDistanceOf } from "./walking-distance";
export { WD, WDID, MD, PDB, PDB78, PDB78_PAIR, PDB78_REGULAR, PDB78_DUAL, prepare } from "./heuristic";
export { addPatternGroup, freePatternGroups, patternGroupCount, startPatternBuild, stepPatternBuild, patternBuildVisited } from "./patterns";
export {
  addRankedGroup,
  allocateRankedTable,
  freeRankedGroups,
  rankedBuildDone,
  rankedGroupCount,
  rankedGroupMoves,
  rankedTableAddress,
  rankedTableBytes,
  startRankedBuild,
  stepRankedBuild,
} from "./ranked-patterns";
export { solve, searchShare } from "./search";
export { searchedLimit, nextLimit, solutionMove } from "../common/ida";
