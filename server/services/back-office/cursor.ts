import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { MySqlColumn } from 'drizzle-orm/mysql-core';
import { AppError } from '../../lib/errors';

/** A position in a newest-first list: the (created_at, id) key of one row. Opaque to clients. */
export type Cursor = { createdAt: Date; id: string };

/** `createdAt` as a Date or as its ISO text (list rows carry the text, see isoFromDb). */
export function encodeCursor(row: { createdAt: Date | string; id: string }): string {
  const at = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(JSON.stringify([at, row.id])).toString('base64url');
}

export function decodeCursor(token: string | undefined): Cursor | null {
  if (!token) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      if (typeof at === 'string' && typeof id === 'string' && id.length > 0 && id.length <= 64) {
        const createdAt = new Date(at);
        if (!Number.isNaN(createdAt.getTime())) return { createdAt, id };
      }
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError('BAD_REQUEST', 'Invalid page cursor');
}

/** OFFSET paging costs grow with depth: beyond this page, clients follow the next/previous cursors. */
export const MAX_OFFSET_PAGE = 100;

export type PageRequest = { limit: number; page: number; cursor?: string; direction: 'next' | 'prev' };

/** How a page is fetched: after/before a key, or (first pages only) by offset. */
export type PagePlan = { kind: 'after'; cursor: Cursor | null; offset: number } | { kind: 'before'; cursor: Cursor };

export function planPage(request: PageRequest): PagePlan {
  const cursor = decodeCursor(request.cursor);
  if (cursor && request.direction === 'prev') return { kind: 'before', cursor };
  if (cursor) return { kind: 'after', cursor, offset: 0 };
  if (request.page > MAX_OFFSET_PAGE) {
    throw new AppError('BAD_REQUEST', `Pages beyond ${MAX_OFFSET_PAGE} are reached with the next and previous links`);
  }
  return { kind: 'after', cursor: null, offset: (request.page - 1) * request.limit };
}

/**
 * A newest-first list's keyset on its (created_at, id) columns: the rows beyond the cursor and the order to read them
 * in (a `before` page walks back, oldest first; toPage turns it round).
 */
export function keysetOrder(columns: { createdAt: MySqlColumn; id: MySqlColumn }, plan: PagePlan) {
  const isBackwards = plan.kind === 'before';
  const beyond = isBackwards ? gt : lt;
  const cursor = plan.cursor;
  const condition: SQL | undefined = cursor
    ? or(
        beyond(columns.createdAt, cursor.createdAt),
        and(eq(columns.createdAt, cursor.createdAt), beyond(columns.id, cursor.id)),
      )
    : undefined;
  const orderBy = isBackwards ? [asc(columns.createdAt), asc(columns.id)] : [desc(columns.createdAt), desc(columns.id)];
  return { condition, orderBy };
}

export type Page<T> = { items: T[]; nextCursor: string | null; prevCursor: string | null };

/**
 * Turns the limit+1 rows of a query into a page. `after` rows come newest first; `before` rows come oldest
 * first (the query walks backwards) and are reversed here.
 */
export function toPage<T extends { createdAt: Date | string; id: string }>(
  rows: T[],
  plan: PagePlan,
  limit: number,
): Page<T> {
  const hasMore = rows.length > limit;
  const slice = rows.slice(0, limit);
  if (plan.kind === 'before') {
    const items = slice.reverse();
    const first = items[0];
    const last = items.at(-1);
    return {
      items,
      prevCursor: hasMore && first ? encodeCursor(first) : null,
      nextCursor: last ? encodeCursor(last) : null,
    };
  }
  const first = slice[0];
  const last = slice.at(-1);
  return {
    items: slice,
    nextCursor: hasMore && last ? encodeCursor(last) : null,
    prevCursor: (plan.cursor !== null || plan.offset > 0) && first ? encodeCursor(first) : null,
  };
}
