/** For a command that runs until stopped: `run` gets a signal that SIGINT or SIGTERM aborts. */
export async function untilSignal(run: (stop: AbortSignal) => Promise<number>): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
