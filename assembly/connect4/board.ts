// The board's shape and masks: 7 columns of 6 cells plus a sentinel row, bit col * 7 + row.

export const WIDTH: i32 = 7;
export const HEIGHT: i32 = 6;
export const CELLS: i32 = WIDTH * HEIGHT;

/** The bottom cell of every column, and every cell of the board (not the sentinel row). */
export const BOTTOM_MASK: u64 = 0x0040810204081;
export const BOARD_MASK: u64 = 0xfdfbf7efdfbf;
