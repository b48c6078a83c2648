import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, planPage, toPage } from './cursor';

const row = (minute: number) => ({ id: `id-${minute}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) });

describe('keyset cursors', () => {
  it('round-trips a row key and refuses anything else', () => {
    const key = row(5);
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    expect(decodeCursor(undefined)).toBeNull();
    for (const bad of [
      'x',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["nope","id"]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow('Invalid page cursor');
    }
  });

  it('plans first pages by offset, deeper pages only by cursor', () => {
    expect(planPage({ page: 3, limit: 50, direction: 'next' })).toEqual({ kind: 'after', cursor: null, offset: 100 });
    expect(() => planPage({ page: 101, limit: 50, direction: 'next' })).toThrow(/next and previous/);
    const cursor = encodeCursor(row(1));
    expect(planPage({ page: 1, limit: 50, cursor, direction: 'prev' })).toMatchObject({ kind: 'before' });
  });

  it('turns limit+1 rows into a page with next and previous cursors', () => {
    const rows = [row(9), row(8), row(7)];
    const first = toPage(rows, { kind: 'after', cursor: null, offset: 0 }, 2);
    expect(first.items).toEqual([row(9), row(8)]);
    expect(decodeCursor(first.nextCursor ?? undefined)).toEqual(row(8));
    expect(first.prevCursor).toBeNull();
    // Walking backwards the query returns oldest first; the page is shown newest first.
    const back = toPage([row(10), row(11), row(12)], { kind: 'before', cursor: row(9) }, 2);
    expect(back.items).toEqual([row(11), row(10)]);
    expect(decodeCursor(back.prevCursor ?? undefined)).toEqual(row(11));
    expect(decodeCursor(back.nextCursor ?? undefined)).toEqual(row(10));
  });
});
