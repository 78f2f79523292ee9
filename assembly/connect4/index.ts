// Connect 4 core: the solver in the shape of Pascal Pons' (the position as bitboards, the transposition table,
// the move sorter, the solver) with Christophe Steininger's improvements (static bounds, threat ordering,
// 64-bit entries), the memory of each search thread, and perft, which counts the positions a few stones deep.
// The estimate the strongest player falls back on when the solver cannot finish in time (estimate.ts).
// Exports are numbers only; 64-bit boards stay inside.

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { setSize } from "./board";
export { lowestScore, highestScore, reset, moveCount, canPlay, playColumn, undo, isWinningMove, canWinNext, cellAt, isDeadStone } from "./position";
export { clearTable, defaultTableLog2, setTableSize, tableEntries, attachTable } from "./transposition-table";
export { allocateThreads, attachThread, quitHelpers, threadCount } from "./thread-memory";
export { solve, reachesScore, helperSearch, tableHitRate, firstMoveRate } from "./solver";
export { countPositions } from "./perft";
export { estimate, estimateColumn, prepareEstimates, provenScore } from "./estimate";
