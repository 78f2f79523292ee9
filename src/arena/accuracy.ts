// Accuracy against perfect play: the share of a bot's moves that keep the game's value (a won position stays won,
// a drawn one drawn), as lichess shows accuracy but exact, with the 95% interval of a share (Wilson's score
// interval: it stays inside 0-100% and means something at 0 or all of a few moves).

/** The 95% interval of `successes` out of `trials` (both 0 to 1); the whole range when there are no trials. */
export function shareInterval(successes: number, trials: number): { lo: number; hi: number } {
  if (trials === 0) return { lo: 0, hi: 1 };
  const z = 1.959964;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}
