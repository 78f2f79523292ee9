// The code a new bot starts from, for any two-player game: it states the interface (docs/bot-modules.md) and
// plays a move that wins at once when there is one, else a random one. In TypeScript the tools are typed.

import type { AnyGame } from '../../contracts/game';
import type { BotLanguage } from './language';

/** The tools' types, for a TypeScript bot: documentation the editor shows, not checked (types are only removed). */
const TOOL_TYPES = `
/** The game's own position object and move (see src/games/<game>/rules.ts): use the tools, not their fields. */
type Position = any;
type Move = any;

interface Tools {
  seat: 0 | 1;
  params: Record<string, number>;
  notation: string;
  legalMoves(p?: Position): Move[];
  play(p: Position, move: Move | string): Position;
  outcome(p?: Position): { winner: 0 | 1 | null; margin?: number } | null;
  seatToMove(p?: Position): 0 | 1;
  format(p?: Position): string;
  formatMove(move: Move): string;
  timeLeftMs(): number;
  random(): number;
  log(...values: unknown[]): void;
  info(figures: { depth?: number; nodes?: number; score?: number; pv?: (Move | string)[] }): void;
}
`;

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
// The position is the game's own object (src/games/${id}/rules.ts): use the tools rather than its fields.
${typed ? TOOL_TYPES : ''}
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
