// The article's Bot.java, kept exactly as the Java behaves (docs/rules/plus-minus.md), with its constants as
// parameters. Quirks kept on purpose: the last maximal cell wins ties in findMaxInRow; the first strictly best
// rating wins in calcBestMove; one allowed-moves array is both read for legality and marked during the
// search (Game passes its mAllowedMoves in as `moves`); the opponent is rated with my points from before my
// move; a draw at the end is rated as a loss; the jackpot is only looked at from depth 3.

const CANT_GO_THERE = -1000;
const WORST_MOVE = -500;
const VICTORY_MOVE = 500;

export interface ArticleParams {
  /** Lookahead; 1 is findMaxInRow (the greedy bot). */
  readonly depth: number;
  /** GOOD_ADVANTAGE: the lead over the greedy reply that earns the jackpot. */
  readonly advantage: number;
  /** JACKPOT_INCREASE: what the jackpot adds to a move's rating. */
  readonly jackpot: number;
}

export const ARTICLE_DEFAULTS: ArticleParams = { depth: 3, advantage: 6, jackpot: 9 };

/** Thrown from a search whose move's time ran out (not in the article: its bot had no clock). */
export const OUT_OF_TIME = Symbol('out of time');

/** The clock is looked at every this many nodes. */
const CLOCK_NODES = 1024;

export class ArticleBot {
  /** Calls of calcBestMove and findMaxInRow: the bot's search nodes. */
  nodes = 0;

  /**
   * @param values the board row-major, size x size
   * @param allowed row-major, true for an unused cell; marked and restored during a search, as in the Java
   */
  constructor(
    private readonly values: readonly number[],
    private readonly size: number,
    private readonly allowed: boolean[],
    private readonly params: ArticleParams,
    /** Whether the move's time is up: the search then throws OUT_OF_TIME. */
    private readonly outOfTime: () => boolean = () => false,
  ) {}

  /**
   * Bot.move: the index of the bot's cell in line `active` (a row index inside column `active` when
   * `vertical`, else a column index inside row `active`), or size when it has no move.
   */
  move(active: number, vertical: boolean, botPoints: number, playerPoints: number): number {
    return this.calcBestMove(this.params.depth, active, vertical, botPoints, playerPoints);
  }

  /** findMaxInRow: the largest value of the line; the last one of equal maxima wins. */
  findMaxInRow(line: number, vertical: boolean): number {
    this.nodes++;
    let currentMax = -10;
    let move = this.size;
    for (let i = 0; i < this.size; i++) {
      const cell = this.cell(line, i, vertical);
      if (this.allowed[cell] && currentMax <= this.values[cell]) {
        currentMax = this.values[cell];
        move = i;
      }
    }
    return move;
  }

  private cell(line: number, i: number, vertical: boolean): number {
    return vertical ? i * this.size + line : line * this.size + i;
  }

  private calcBestMove(depth: number, lastMove: number, vertical: boolean, myPoints: number, hisPoints: number): number {
    if (depth === 1) return this.findMaxInRow(lastMove, vertical);
    if (++this.nodes % CLOCK_NODES === 0 && this.outOfTime()) throw OUT_OF_TIME;
    const ratings: number[] = [];
    for (let i = 0; i < this.size; i++) {
      const mine = this.cell(lastMove, i, vertical);
      if (!this.allowed[mine]) {
        ratings.push(CANT_GO_THERE);
        continue;
      }
      const myNewPoints = myPoints + this.values[mine];
      this.allowed[mine] = false;
      // The opponent's reply is predicted with my points from before this move (the Java passes myPoints).
      const hisBestMove = this.calcBestMove(depth - 1, i, !vertical, hisPoints, myPoints);
      if (hisBestMove === this.size) {
        ratings.push(myNewPoints > hisPoints ? VICTORY_MOVE : WORST_MOVE);
        this.allowed[mine] = true;
        continue;
      }
      let rating = myNewPoints - (hisPoints + this.values[this.cell(i, hisBestMove, !vertical)]);
      if (depth - 1 !== 1) {
        const greedyReply = this.findMaxInRow(i, !vertical);
        const lead = myNewPoints - (hisPoints + this.values[this.cell(i, greedyReply, !vertical)]);
        if (lead >= this.params.advantage) rating += this.params.jackpot;
      }
      ratings.push(rating);
      this.allowed[mine] = true;
    }
    let max = CANT_GO_THERE;
    let result = this.size;
    ratings.forEach((rating, i) => {
      if (rating > max) {
        max = rating;
        result = i;
      }
    });
    return result;
  }
}
