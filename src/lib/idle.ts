/**
 * Runs `callback` once the main thread is idle (at the latest after `timeout` ms), or after `fallbackMs` where the
 * browser has no requestIdleCallback. Answers a function that cancels it.
 */
export function whenIdle(
  callback: (deadline?: IdleDeadline) => void,
  { timeout, fallbackMs }: { timeout: number; fallbackMs: number },
) {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, fallbackMs);
  return () => window.clearTimeout(timer);
}

/**
 * Runs `jobs` one after another while the main thread is idle, each in a task of its own: a job starts only when the
 * idle period has `minimumMs` left (or its `timeout` has passed), so work prepared ahead never makes a long task of
 * its own and never takes the moment the visitor acts in (total blocking time, docs/architecture.md). Answers a
 * function that cancels the jobs not run yet.
 */
export function eachWhenIdle(
  jobs: readonly (() => void)[],
  { timeout, fallbackMs, minimumMs = 8 }: { timeout: number; fallbackMs: number; minimumMs?: number },
) {
  let next = 0;
  let cancel: (() => void) | undefined;
  const schedule = () => {
    cancel = whenIdle(
      (deadline) => {
        const hasTime = !deadline || deadline.didTimeout || deadline.timeRemaining() >= minimumMs;
        if (hasTime) jobs[next++]?.();
        if (next < jobs.length) schedule();
      },
      { timeout, fallbackMs },
    );
  };
  if (jobs.length > 0) schedule();
  return () => cancel?.();
}

/** Resolves in a task of its own (after the current one and its microtasks). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Imports modules one after another, each run in a task of its own, then `last`: importing them together ran all their
 * code in one long task (total blocking time). For the large libraries a page's code needs (React DOM, the router,
 * zod), imported ahead of the code that uses them.
 */
export async function importInTasks<T>(steps: readonly (() => Promise<unknown>)[], last: () => Promise<T>) {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return last();
}

/**
 * Resolves in a new task at once: the browser's own scheduler.yield() where there is one, else a message to itself
 * (nested timers are held back 4 ms each after the fifth).
 */
export function yieldTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
