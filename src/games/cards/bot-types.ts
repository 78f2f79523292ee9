// What a bot module gets from Red Ten (src/contracts/game.ts botTypes): its position and move, as types.

export const botTypes = `/**
 * A Red Ten position as the bot's seat sees it. In a short deal the other hand is a guess: as many cards as it
 * holds, drawn from those the bot has not seen (the rest are in \`out\`). A card is 0-53: rank * 4 + suit for ranks 3 4 ... K A 2
 * (0-12) and suits h d s c (0-3), then the grey joker 52 and the red joker 53.
 */
interface Position {
  /** Each seat's cards, sorted (seat 0 leads a full deal). */
  readonly hands: readonly [readonly number[], readonly number[]];
  /** Cards out of play in a short deal. */
  readonly out: readonly number[];
  readonly toMove: 0 | 1;
  /** The play to beat, or null when the mover leads. */
  readonly last: Combo | null;
  /**
   * The plays since the deal, each with the play it answered (null: a lead), where the game was sent with its
   * moves; empty when only the position was (the notation does not keep them).
   */
  readonly history: readonly { readonly seat: 0 | 1; readonly move: Move; readonly facing: Combo | null }[];
}
/**
 * A play: its type, its card classes (0-6 the ranks 3-9, 7 a black ten, 8-12 J Q K A 2, 13 a red ten, 14 the grey
 * joker, 15 the red joker) and the key it is compared by within its type.
 */
interface Combo {
  readonly type: 'single' | 'pair' | 'straight' | 'bomb';
  readonly classes: readonly number[];
  readonly key: number;
}
/** A play, or a pass; formatMove(move) writes it as the page does ("pair 7", "pass"). */
type Move = Combo | 'pass';`;
