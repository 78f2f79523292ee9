// What the server does with an exception it did not expect (a bug, a full disk): the message or request that
// met it is answered with an error, and the failure is logged once: its first occurrence in full, then a count
// at every power of ten, so that a client repeating the message cannot flood the log.

export type FailureLog = (where: string, error: unknown) => void;

export function failureLog(write: (line: string) => void = (line) => console.error(line)): FailureLog {
  const seen = new Map<string, number>();
  return (where, error) => {
    const message = error instanceof Error ? error.message : String(error);
    const key = `${where}: ${message}`;
    const count = (seen.get(key) ?? 0) + 1;
    // The map is bounded by the distinct failures, which a bug produces few of; cap it all the same.
    if (seen.size < 10_000 || seen.has(key)) seen.set(key, count);
    if (count === 1) write(`${new Date().toISOString()} ${where} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
    else if (/^10+$/.test(String(count))) write(`${new Date().toISOString()} ${key} (${count} times)`);
  };
}
