// A plus-minus bot module for AI Playground (docs/bot-modules.md): it runs in a worker of the playground, in the
// page ("My bots") or from the command line, and gets the rules' helpers instead of writing its own rules.
// It looks `depth` moves ahead (negamax over the points), and of equally good moves takes the one its seeded
// `random` picks.
//
//   npx playground matrix tournament --engine look=examples/engines/plus-minus-lookahead.mjs --bots look,look:depth=1,greedy,article

export default {
  name: 'lookahead',
  author: 'AI Playground examples',
  params: [{ name: 'depth', label: 'Moves looked ahead', min: 1, max: 8, default: 3 }],

  choose(position, { legalMoves, play, seatToMove, params, random, log }) {
    // The mover's points less the other player's, `depth` moves on, when both look that far.
    const value = (at, depth) => {
      const mover = seatToMove(at);
      const moves = legalMoves(at);
      if (depth === 0 || moves.length === 0) return at.points[mover] - at.points[1 - mover];
      let best = -Infinity;
      for (const move of moves) best = Math.max(best, -value(play(at, move), depth - 1));
      return best;
    };
    let best = [];
    let bestValue = -Infinity;
    for (const move of legalMoves(position)) {
      const moveValue = -value(play(position, move), params.depth - 1);
      if (moveValue > bestValue) [best, bestValue] = [[move], moveValue];
      else if (moveValue === bestValue) best.push(move);
    }
    log(`depth ${params.depth}: ${best.length} best moves worth ${bestValue}`);
    return best[Math.floor(random() * best.length)];
  },
};
