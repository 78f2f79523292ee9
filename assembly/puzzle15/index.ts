// The sliding-puzzle core, for every width (3 to 5): IDA* alone or one iteration shared among workers, with the
// 15-puzzle's own heuristics on 4x4 (walking distance, with the inversion distance, Manhattan distance, the 6-6-3
// and 7-8 pattern databases) and additive pattern tables on any width (the 24-puzzle's 6-6-6-6). One idea a file:
// the board (board.ts) and the 4x4 board's geometry as constants (four-by-four.ts); the walking-distance tables
// (walking-distance.ts), the 6-6-3 and 7-8 databases (patterns.ts, ranked-patterns.ts) and the 4x4 heuristics'
// state (heuristic.ts); the tables of any width (tables.ts) and their build (pattern-build.ts, blank-regions.ts);
// the two searches (four-by-four-search.ts, table-search.ts) and the solve by heuristic (search.ts), on IDA*'s
// driver (ida.ts, shares.ts). Exports are numbers only.

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { setWidth, setTile } from "./board";
export { buildWalkingDistance, walkingDistanceOf } from "./walking-distance";
export { WD, WDID, MD, PDB, PDB78, PDB78_PAIR, PDB78_REGULAR, PDB78_DUAL } from "./heuristic";
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
export {
  addTable,
  addTableGroup,
  allocateTable,
  freeTables,
  startTableBuilding,
  stepTableBuilding,
  tableAt,
  tableBuildingDone,
  tableBytes,
  tableCount,
  tableGroupCount,
  tableGroupMoves,
} from "./tables";
export { REGULAR, REFLECTED, DUAL, generatedCount } from "./table-search";
export { TABLES, prepare, solve, searchShare } from "./search";
export { searchedLimit, nextLimit, solutionMove } from "./ida";
