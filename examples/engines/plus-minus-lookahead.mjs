// A plus-minus bot module for AI Playground (docs/bot-modules.md): it runs in a worker of the playground, in the
// page ("My bots") or from the command line, and gets the rules' helpers instead of writing its own rules.
// It looks 1, 2, … `depth` moves ahead (negamax over the points), reporting each depth with `info` (the page's
// search chart draws them), and of the equally good moves of the deepest takes the one its seeded `random` picks.
//
//   npx playground matrix tournament --engine look=examples/engines/plus-minus-lookahead.mjs --bots look,look:depth=1,greedy,article

export default {
  name: 'lookahead',
  author: 'AI Playground examples',
  params: [{ name: 'depth', label: 'Moves looked ahead', min: 1, max: 8, default: 3 }],

  choose(position, { legalMoves, play, seatToMove, formatMove, params, random, log, info }) {
    let nodes = 0;
    // The mover's points less the other player's, `depth` moves on, when both look that far.
    const value = (at, depth) => {
      nodes++;
      const mover = seatToMove(at);
      const moves = legalMoves(at);
      if (depth === 0 || moves.length === 0) return at.points[mover] - at.points[1 - mover];
      let best = -Infinity;
      for (const move of moves) best = Math.max(best, -value(play(at, move), depth - 1));
      return best;
    };
    let best = [];
    let bestValue = -Infinity;
    for (let depth = 1; depth <= params.depth; depth++) {
      [best, bestValue] = [[], -Infinity];
      for (const move of legalMoves(position)) {
        const moveValue = -value(play(position, move), depth - 1);
        if (moveValue > bestValue) [best, bestValue] = [[move], moveValue];
        else if (moveValue === bestValue) best.push(move);
      }
      info({ depth, nodes, score: bestValue, pv: [formatMove(best[0])] });
    }
    log(`depth ${params.depth}: ${best.length} best moves worth ${bestValue}`);
    return best[Math.floor(random() * best.length)];
  },
};
