/**
 * Runs `callback` once the main thread is idle (at the latest after `timeout` ms), or after `fallbackMs` where the
 * browser has no requestIdleCallback. Answers a function that cancels it.
 */
export function whenIdle(callback: () => void, { timeout, fallbackMs }: { timeout: number; fallbackMs: number }) {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, fallbackMs);
  return () => window.clearTimeout(timer);
}
