/**
 * Runs `run` every `intervalMs` for the server's lifetime (the sweeps): never two runs at once, a failure logged and
 * tried again at the next tick. The returned stop waits for a run in progress, so shutdown never closes the database
 * under a half-finished sweep.
 */
export function runPeriodically(
  run: () => Promise<unknown>,
  { intervalMs, runAtStart, log }: { intervalMs: number; runAtStart: boolean; log: (error: unknown) => void },
): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (inFlight || stopped) return;
    inFlight = run()
      .then(
        () => undefined,
        (error: unknown) => log(error),
      )
      .finally(() => {
        inFlight = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  if (runAtStart) tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}
