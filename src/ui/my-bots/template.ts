// The code a new bot starts from, for any two-player game: it states the interface (docs/bot-modules.md) and
// plays a move that wins at once when there is one, else a random one. In TypeScript the position, the move and
// the tools are typed (the game's own types where it declares them); the page shows the same as its reference.

import type { AnyGame } from '../../contracts/game';
import type { BotLanguage } from './language';

/** The tools a bot gets, typed: documentation the editor shows, not checked (types are only removed). */
export const TOOL_TYPES = `/** What choose(position, tools) gets besides the position. */
interface Tools {
  /** This bot's seat: 0 moves first. */
  seat: 0 | 1;
  /** This bot's parameters (its declared params, with the values it plays with). */
  params: Record<string, number>;
  /** The position in the game's notation (docs/cli.md), as text. */
  notation: string;
  /** The legal moves of a position (default: the one to move in); none when the game is over. */
  legalMoves(p?: Position): Move[];
  /** The position after a move (a Move or its notation); throws for an illegal one. */
  play(p: Position, move: Move | string): Position;
  /** How a position ended (winner 0, 1 or null for a draw; margin in games with points), or null while it goes on. */
  outcome(p?: Position): { winner: 0 | 1 | null; margin?: number } | null;
  seatToMove(p?: Position): 0 | 1;
  /** A position, and a move, in the game's notation. */
  format(p?: Position): string;
  formatMove(move: Move): string;
  /** Milliseconds left for this move. */
  timeLeftMs(): number;
  /** A number in [0, 1), seeded: the same games for the same seed. */
  random(): number;
  /** A line for the bot's log (the test result on this page, a game's record). */
  log(...values: unknown[]): void;
  /** Search figures, drawn live on the game page's search chart. */
  info(figures: { depth?: number; nodes?: number; score?: number; pv?: (Move | string)[] }): void;
}`;

/** The game's position and move as a bot gets them (any, for a game that does not declare them). */
export function gameTypes(game: AnyGame): string {
  return (
    game.botTypes ??
    `/** ${game.rules.title}'s own position object and move (src/games/${game.rules.id}/rules.ts). */
type Position = any;
type Move = any;`
  );
}

export function botTemplate(game: AnyGame, language: BotLanguage = 'javascript'): string {
  const { id, title } = game.rules;
  const typed = language === 'typescript';
  return `// A bot for ${title}, written on AI Playground's My bots page. It runs in a worker of its own; the
// playground calls choose(position, tools) for each of its moves and plays what it returns: one of
// legalMoves() or that move's notation. Tools:
//   legalMoves(p), play(p, move), outcome(p), seatToMove(p), format(p), formatMove(move)
//   timeLeftMs(), random() (seeded: the same games for the same seed), log(...values),
//   info({ depth, nodes, score, pv }) (search figures, drawn on the game page's search chart)
//   params (this bot's parameters), seat (0 moves first), notation (the position as text)
// What a position and a move are: the reference beside the editor${typed ? ', and the types below' : ''}.
${typed ? `\n${gameTypes(game)}\n\n${TOOL_TYPES}\n` : ''}
export default {
  name: 'my ${id} bot',
  params: [{ name: 'wins', label: 'Take a win in one', min: 0, max: 1, default: 1 }],

  choose(position${typed ? ': Position' : ''}, { legalMoves, play, outcome, seat, params, random, log }${typed ? ': Tools' : ''})${typed ? ': Move' : ''} {
    const moves = legalMoves();
    if (params.wins) {
      for (const move of moves) {
        if (outcome(play(position, move))?.winner === seat) return move;
      }
    }
    log(\`\${moves.length} moves, none wins at once\`);
    return moves[Math.floor(random() * moves.length)];
  },
};
`;
}
