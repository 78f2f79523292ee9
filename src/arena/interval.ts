// A 95% interval as people read it: "lo..hi", or a dash while the games cannot bound it yet (a bot with no
// game against the others, a match before its first pair), where JSON says null.

export function intervalText(lo: number | null, hi: number | null, digits = 0, separator = '..'): string {
  return lo === null || hi === null ? '—' : `${lo.toFixed(digits)}${separator}${hi.toFixed(digits)}`;
}
