// Monte Carlo tree search (UCT) for any two-player game, needing only its rules. The tree grows by one node a
// playout: from the root, descend to the child with the best UCB1 value (its mean result plus
// `exploration` x sqrt(ln parent visits / its visits)), add one move not yet tried, play random moves to the
// end, and credit the result to every node on the way (1 for a win, 1/2 for a draw, to the seat that made the
// node's move). It plays the most visited move. Seeded: the same seed, position and playouts give the same move.

import type { Bot, GameRules, Iteration } from '../contracts/game';
import { Rng } from '../contracts/rng';

interface TreeNode<P, M> {
  readonly position: P;
  /** The move that made this node, and the seat that made it (none at the root). */
  readonly move?: M;
  readonly mover: 0 | 1;
  readonly parent?: TreeNode<P, M>;
  readonly children: TreeNode<P, M>[];
  readonly untried: M[];
  visits: number;
  /** The results of the playouts through this node, for `mover`. */
  reward: number;
}

/** A playout this long is called a draw: no game of the playground lasts that long, but a new one might. */
const MAX_PLAYOUT = 10_000;

export function mctsBot<P, M>(rules: GameRules<P, M>): Bot<P, M> {
  return {
    id: 'mcts',
    label: 'Monte Carlo',
    description: 'Monte Carlo tree search (UCT): random playouts to the end, then the most visited move. Needs only the rules.',
    params: [
      { name: 'playouts', label: 'Playouts per move (hundreds)', min: 1, max: 10_000, default: 10 },
      { name: 'exploration', label: 'Exploration constant (hundredths)', min: 0, max: 500, default: 141 },
    ],
    async choose(position, { params, seed, budget, progress }) {
      const rootMoves = rules.legalMoves(position);
      if (rootMoves.length === 0) throw new Error('the game is over');
      const rng = new Rng(seed);
      const exploration = params.exploration / 100;
      const playouts = budget.nodes || params.playouts * 100;
      // Short of the move's time by a tenth, up to 20 ms: a garbage collection of a large tree, which can come
      // between two looks at the clock, takes that long (bench clock).
      const msLimit = budget.ms ? budget.ms - Math.min(20, budget.ms / 10) : Infinity;
      const node = (state: P, mover: 0 | 1, parent?: TreeNode<P, M>, move?: M): TreeNode<P, M> => ({
        position: state,
        move,
        mover,
        parent,
        children: [],
        untried: rules.outcome(state) ? [] : rules.legalMoves(state),
        visits: 0,
        reward: 0,
      });
      // The root's "mover" is the seat that moved into it: the other one.
      const root = node(position, (1 - rules.seatToMove(position)) as 0 | 1);
      const started = performance.now();
      const iterations: Iteration<M>[] = [];
      let plies = 0;
      let done = 0;
      const report = () => {
        const best = mostVisited(root);
        const iteration = {
          depth: done,
          nodes: plies,
          ms: performance.now() - started,
          score: Math.round((100 * best.reward) / best.visits),
          best: best.move!,
        };
        iterations.push(iteration);
        progress(iteration);
      };
      // At least one playout, whatever the time: a move needs one.
      while (done < playouts && (done === 0 || performance.now() - started < msLimit)) {
        // Selection: down the fully expanded nodes by UCB1.
        let current = root;
        while (current.untried.length === 0 && current.children.length > 0) {
          const logVisits = Math.log(current.visits);
          current = current.children.reduce((a, b) => (ucb(b, logVisits, exploration) > ucb(a, logVisits, exploration) ? b : a));
        }
        // Expansion: one move not tried yet, drawn with the seed.
        if (current.untried.length > 0) {
          const move = current.untried.splice(rng.below(current.untried.length), 1)[0];
          const child = node(rules.play(current.position, move), rules.seatToMove(current.position), current, move);
          current.children.push(child);
          current = child;
          plies++;
        }
        // Simulation: random moves to the end.
        let state = current.position;
        let outcome = rules.outcome(state);
        for (let ply = 0; !outcome && ply < MAX_PLAYOUT; ply++) {
          state = rules.play(state, rng.pick(rules.legalMoves(state)));
          outcome = rules.outcome(state);
          plies++;
        }
        const winner = outcome ? outcome.winner : null;
        // Backpropagation.
        for (let at: TreeNode<P, M> | undefined = current; at; at = at.parent) {
          at.visits++;
          at.reward += winner === null ? 0.5 : winner === at.mover ? 1 : 0;
        }
        done++;
        if (done % Math.max(1, Math.floor(playouts / 10)) === 0) report();
      }
      if (iterations.at(-1)?.depth !== done) report();
      return { move: mostVisited(root).move!, report: { iterations, nodes: plies, ms: performance.now() - started } };
    },
  };
}

function ucb<P, M>(child: TreeNode<P, M>, logParentVisits: number, exploration: number): number {
  return child.reward / child.visits + exploration * Math.sqrt(logParentVisits / child.visits);
}

/** The child visited most (the first of equals); the root always has one after a playout. */
function mostVisited<P, M>(root: TreeNode<P, M>): TreeNode<P, M> {
  return root.children.reduce((a, b) => (b.visits > a.visits ? b : a));
}
