// A command's look at Redis every second (a run's, submit.ts; a shared search's, solve-shares.ts): for a
// `playground runs --cancel`, for its tasks still there. One look at a time: while Redis is out of reach a look
// waits (its commands wait for the connection), and one that has waited long enough is said, as is Redis
// answering again.

/** How long Redis may be out of reach before the command says so. */
const UNREACHABLE_MS = 5000;

/** Looks with `look` every second until the returned function is called; `kept` says what Ctrl-C keeps. */
export function watchRedis(redis: string, look: () => Promise<void>, log: (line: string) => void, kept: string): () => void {
  let looking: Promise<void> | undefined;
  let lookedAt = 0;
  let toldUnreachable = false;
  const watch = setInterval(() => {
    if (looking) {
      if (!toldUnreachable && performance.now() - lookedAt > UNREACHABLE_MS) {
        toldUnreachable = true;
        log(`cannot reach Redis at ${redis} for ${UNREACHABLE_MS / 1000} s: waiting for it (Ctrl-C stops, keeping ${kept})`);
      }
      return;
    }
    lookedAt = performance.now();
    looking = look()
      .then(() => {
        if (toldUnreachable) log(`Redis at ${redis} answers again`);
        toldUnreachable = false;
      })
      .catch(() => {})
      .finally(() => (looking = undefined));
  }, 1000);
  return () => clearInterval(watch);
}
