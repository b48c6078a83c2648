import type { Role } from '../../../src/shared/constants';
import type { Db, Tx } from '../../db';
import { type AuditEntry, recordAudits } from '../../lib/audit';
import type { AppDeps } from '../../deps';

/** What the back-office services may use; tests and the REST adapters pass the app's deps. */
export type AdminDeps = Pick<AppDeps, 'db' | 'env' | 'log' | 'mailer' | 'limiter' | 'storage'>;

/** The staff member acting, for audit rows (SECURITY.md J: actor, role, address). */
export type Actor = { id: string; role: Role; ip: string };

/** Integer cents to the dollar amounts of the spec's entities (loanAmount, currentBalance...). */
export const toDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

/** `LIKE` pattern for "starts with": the user's %, _ and \ are literal. */
export function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
  const refresh = () => {
    inflight ??= load()
      .then((next) => {
        value = next;
        loadedAt = Date.now();
        return next;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
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
  };
}

const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

function isRetryable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a transaction again when InnoDB chose it as a deadlock victim. Audit rows are chained (each locks the
 * newest row to read its hash), so concurrent audited actions can deadlock; the whole transaction rolled back,
 * so running it again is safe. Gives up after `attempts`, with a short random backoff between tries.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

const auditGates = new WeakMap<Db, { tail: Promise<unknown> }>();

/**
 * A transaction that writes an audit row. Audit rows form a hash chain, so every writer locks the newest row:
 * concurrent writers deadlock each other. Within this instance they queue instead (one audited transaction at a
 * time, kept short by the callers); across instances and other modules, a deadlock victim is run again.
 */
export function auditedTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let gate = auditGates.get(db);
  if (!gate) {
    gate = { tail: Promise.resolve() };
    auditGates.set(db, gate);
  }
  const run = gate.tail.then(() => withDeadlockRetry(() => db.transaction(work)));
  gate.tail = run.catch(() => undefined);
  return run;
}

type QueuedRead = { entry: AuditEntry; done: (error?: Error) => void };
const readQueues = new WeakMap<Db, { queued: QueuedRead[]; flushing: boolean }>();

/**
 * Records a staff read (SECURITY.md J: every read of an application, applicant, document or by-email lookup), and
 * answers once the row is committed. Reads that arrive while an audited transaction holds the gate go in together:
 * one transaction and one lock of the chain head for all of them, instead of one each in a queue (issue 7).
 */
export function auditRead(db: Db, entry: AuditEntry): Promise<void> {
  let queue = readQueues.get(db);
  if (!queue) {
    queue = { queued: [], flushing: false };
    readQueues.set(db, queue);
  }
  const reads = queue;
  return new Promise<void>((resolve, reject) => {
    reads.queued.push({ entry, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (reads.flushing) return;
    reads.flushing = true;
    let batch: QueuedRead[] | null = null;
    // The batch is taken when the gate opens (not now), so reads arriving meanwhile join it; a deadlock retry
    // writes the same batch again.
    void auditedTransaction(db, (tx) => {
      batch ??= reads.queued.splice(0);
      reads.flushing = false;
      return recordAudits(
        tx,
        batch.map((item) => item.entry),
      );
    }).then(
      () => batch?.forEach((item) => item.done()),
      (error: unknown) => {
        if (!batch) {
          batch = reads.queued.splice(0);
          reads.flushing = false;
        }
        const failure = error instanceof Error ? error : new Error('audit write failed');
        batch.forEach((item) => item.done(failure));
      },
    );
  });
}
