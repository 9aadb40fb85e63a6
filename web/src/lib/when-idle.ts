/**
 * Runs f when the browser is next idle, or after timeoutMs at the latest;
 * where there is no requestIdleCallback, in a task of its own right away.
 * Returns what cancels it.
 */
export function whenIdle(f: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in self) {
    const id = requestIdleCallback(() => f(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(f, 1);
  return () => clearTimeout(id);
}
