// Connect 4 core: Pascal Pons' solver in AssemblyScript, in the shape of his: the position (bitboards), the
// transposition table, the move sorter, the solver; and perft, which counts the positions a few stones deep.
// Exports are numbers only; 64-bit boards stay inside.

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { MIN_SCORE, MAX_SCORE, reset, moveCount, canPlay, playColumn, undo, isWinningMove, canWinNext, cellAt } from "./position";
export { clearTable } from "./transposition-table";
export { solve, reachesScore } from "./solver";
export { countPositions } from "./perft";
