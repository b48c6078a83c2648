import type { Db } from '../db';

/**
 * In-process notices that stored facts changed (a status, a payment), so another domain's cache on this instance
 * can refresh without the changing domain importing it: the back-office dashboard listens.
 */
type Listener = (db: Db) => void;

const listeners = new Set<Listener>();

export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceDataChanged(db: Db): void {
  for (const listener of listeners) listener(db);
}
