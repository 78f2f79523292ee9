// The article's C4State model: the win places (every line of n cells where n in a row can be made), and per
// player a score per win place that starts at 1, doubles with each own stone and drops to 0 for good at an
// opponent's stone; 2^n means n in a row. The classic bot evaluates positions with it.

/** The win places of a w x h board for n in a row, in the article's order: across, up, diagonals / then \. */
export function winPlaces(w: number, h: number, n: number): number[][] {
  const places: number[][] = [];
  const cell = (column: number, row: number) => column * h + row;
  const line = (column: number, row: number, dc: number, dr: number) => Array.from({ length: n }, (_, k) => cell(column + k * dc, row + k * dr));
  for (let row = 0; row < h; row++) for (let column = 0; column + n <= w; column++) places.push(line(column, row, 1, 0));
  for (let column = 0; column < w; column++) for (let row = 0; row + n <= h; row++) places.push(line(column, row, 0, 1));
  for (let row = 0; row + n <= h; row++) for (let column = 0; column + n <= w; column++) places.push(line(column, row, 1, 1));
  for (let row = 0; row + n <= h; row++) for (let column = w - 1; column - n + 1 >= 0; column--) places.push(line(column, row, -1, 1));
  return places;
}

/**
 * The number of win places: h(w-n+1) across + w(h-n+1) up + 2(w-n+1)(h-n+1) diagonal
 * = 4wh - 3wn - 3hn + 3w + 3h - 4n + 2n^2 + 2. The article prints 4wh - 3wn - 3hn + 3h - 4n + 2n^2, which
 * leaves out 3w + 2 (it gives 46 on 7x6 for four, where the article and the table have 69).
 */
export function winPlaceCount(w: number, h: number, n: number): number {
  return 4 * w * h - 3 * w * n - 3 * h * n + 3 * w + 3 * h - 4 * n + 2 * n * n + 2;
}

export const WIN = 16;

/** A board's win places for four in a row, and for each cell (column * height + row) the places through it. */
interface Places {
  readonly height: number;
  readonly count: number;
  readonly ofCell: readonly (readonly number[])[];
}

const placesBySize = new Map<string, Places>();

function placesOf(width: number, height: number): Places {
  const name = `${width}x${height}`;
  let places = placesBySize.get(name);
  if (!places) {
    const all = winPlaces(width, height, 4);
    const ofCell = Array.from({ length: width * height }, (_, cell) => all.flatMap((place, i) => (place.includes(cell) ? [i] : [])));
    places = { height, count: all.length, ofCell };
    placesBySize.set(name, places);
  }
  return places;
}

/** The C4State scores of a board for four in a row, updated stone by stone (updateScore). */
export class WinPlaceScores {
  readonly score: [number[], number[]];

  constructor(
    width: number,
    height: number,
    private readonly places = placesOf(width, height),
  ) {
    this.score = [Array(places.count).fill(1), Array(places.count).fill(1)];
  }

  /** A stone of `player` (0 or 1) on (column, row); returns true when it completes a win place (16). */
  drop(player: 0 | 1, column: number, row: number): boolean {
    let won = false;
    for (const i of this.places.ofCell[column * this.places.height + row]) {
      this.score[player][i] <<= 1;
      this.score[1 - player][i] = 0;
      if (this.score[player][i] === WIN) won = true;
    }
    return won;
  }

  isWinner(player: 0 | 1): boolean {
    return this.score[player].includes(WIN);
  }

  /** The evaluation for `player`: its win-place scores minus the opponent's. */
  evaluate(player: 0 | 1): number {
    let total = 0;
    for (let i = 0; i < this.score[0].length; i++) total += this.score[player][i] - this.score[1 - player][i];
    return total;
  }

  copy(): WinPlaceScores {
    const copy = new WinPlaceScores(0, 0, this.places);
    copy.score[0] = this.score[0].slice();
    copy.score[1] = this.score[1].slice();
    return copy;
  }
}
