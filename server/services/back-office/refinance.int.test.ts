// The Refinancing tab pages by key like the other lists (docs/product.md 6.2): every request once, newest first, with
// next and previous links, whatever its depth (the list used to stop at 200 rows).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, refinanceRequests } from '../../../drizzle/schema/index';
import { insertLoan, insertRefinanceRequest } from '../../test/factories/admin';
import { callerFor, getTestDeps, insertUser, sessionCookieFor, testServerForFile } from '../../test/harness';

const server = testServerForFile();
const DAY = 24 * 3600_000;

describe('refinance requests list', () => {
  it('pages through every request by key, newest first, without gaps or repeats, forwards and back', async () => {
    const staff = await insertUser({ role: 'admin' });
    const caller = await callerFor(staff);
    const client = await insertUser({ role: 'client' });
    const { db } = await getTestDeps();
    // 7 requests on loans of this staff member's files ("Mine" keeps other tests' rows out), two made in the same
    // second so the id breaks the tie.
    const made: { id: string; createdAt: Date }[] = [];
    for (let index = 0; index < 7; index += 1) {
      const loan = await insertLoan({ userId: client.id });
      await db.update(applications).set({ assignedTo: staff.id }).where(eq(applications.id, loan.application.id));
      const { id } = await insertRefinanceRequest({ userId: client.id, loanId: loan.id });
      const createdAt = new Date(Math.floor((Date.now() - (index === 6 ? 5 : index) * DAY) / 1000) * 1000);
      await db.update(refinanceRequests).set({ createdAt }).where(eq(refinanceRequests.id, id));
      made.push({ id, createdAt });
    }
    const expected = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);

    const pages: string[][] = [];
    let answer = await caller.admin.refinanceRequests({ assignee: 'mine', limit: 3 });
    pages.push(answer.items.map((item) => item.id));
    expect(answer.prevCursor).toBeNull();
    while (answer.nextCursor) {
      answer = await caller.admin.refinanceRequests({ assignee: 'mine', limit: 3, cursor: answer.nextCursor });
      pages.push(answer.items.map((item) => item.id));
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(expected);

    // Back from the last page: the page before it, the same rows in the same order.
    const back = await caller.admin.refinanceRequests({
      assignee: 'mine',
      limit: 3,
      cursor: answer.prevCursor ?? '',
      direction: 'prev',
    });
    expect(back.items.map((item) => item.id)).toEqual(pages[1]);

    // Everyone's list pages the same way over the REST path, and holds these requests once each.
    const cookie = await sessionCookieFor(staff);
    const seen: string[] = [];
    let cursor = '';
    for (let step = 0; step < 1000; step += 1) {
      const response = await server.request(`/api/admin/refinance-requests?limit=50&cursor=${cursor}`, {
        cookie,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { items: { id: string }[]; nextCursor: string | null } };
      seen.push(...body.data.items.map((item) => item.id));
      if (!body.data.nextCursor) break;
      cursor = body.data.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
  });
});
