// The lines of a data file of positions (an opening suite, a benchmark set): trimmed, without blank lines and
// `#` comments.

export function dataLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
