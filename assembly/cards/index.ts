// Red Ten core: the two hands as class counts (moves.ts), the root of a search (position.ts), table keys
// (keys.ts), facts about a hand kept in a cache (hand-facts.ts), the order moves are tried in (move-order.ts), the
// exact solver (exact.ts), a heuristic alpha-beta for hands too large to solve (heuristic.ts) and the article's
// bot (article.ts). The two searches share one transposition table, with different keys. Exports are numbers
// only; the root's moves are in the canonical order of the TypeScript rules, so a root move index means the same
// move on both sides.

export { nodeCount, elapsedMs, searchStopped, setReporting } from "../common/stats";
export { ttInit as initTable, ttClear as clearTable } from "../common/tt";
export { articleBest, articleNodes, setArticleWeights } from "./article";
export { setHand, setTurn, articleHandScore, articleValue, rootMoveCode, rootMoveTakes, bestMove, rootValue } from "./position";
export { solve, solveMoves } from "./exact";
export { search, searchMoves } from "./heuristic";
