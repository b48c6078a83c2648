/** A small in-process memo with a time limit, for facts that may be seconds old (counts, search statistics). */
export function createTtlMemo<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: T) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * Stale-while-revalidate: answers the last value at once and refreshes it in the background once it is
 * older than `ttlMs`, so a slow aggregate never sits on a request's path after the first one.
 * Only one refresh runs at a time. A cache, not state: every instance keeps its own.
 */
export function createSwrValue<T>(ttlMs: number, load: () => Promise<T>, onError: (error: unknown) => void) {
  let value: T | undefined;
  let loadedAt = 0;
  let inflight: Promise<T> | null = null;
  // Bumped by expire(): a load started before it must not store its (older) answer.
  let generation = 0;
  const refresh = () => {
    if (inflight) return inflight;
    const started = generation;
    const current = load()
      .then((next) => {
        if (started === generation) {
          value = next;
          loadedAt = Date.now();
        }
        return next;
      })
      .finally(() => {
        if (inflight === current) inflight = null;
      });
    inflight = current;
    return current;
  };
  return {
    async get(): Promise<T> {
      if (value === undefined) return refresh();
      if (Date.now() - loadedAt > ttlMs) refresh().catch(onError);
      return value;
    },
    /** Marks the value old: the next read still answers at once and starts a refresh. */
    invalidate() {
      loadedAt = 0;
    },
    /** Drops the value and any load already running: the next read waits for one started after this call. */
    expire() {
      generation += 1;
      value = undefined;
      loadedAt = 0;
      inflight = null;
    },
  };
}
