// 24-puzzle core: IDA* with additive pattern databases (Korf and Felner's 6-6-6-6, looked up for the board and
// its mirror), alone or one iteration shared among workers; the board's width is set at run time (3 to 5), so that
// the same code can be checked against the 15-puzzle's. One idea a file: the board and its symmetries (board.ts),
// the blank's regions for the build (regions.ts), the pattern databases (patterns.ts), the search (search.ts).
// Exports are numbers only.

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { setWidth, setTile } from "./board";
export { addTable, addGroup, freeTables, tableCount, groupCount, tableBytes, tableAt, allocateTable, startBuild, stepBuild, buildDone, buildDistance, groupMoves } from "./patterns";
export { REGULAR, REFLECTED, DUAL, prepare, solve, searchShare, generatedCount } from "./search";
export { searchedLimit, nextLimit, solutionMove } from "../common/ida";
