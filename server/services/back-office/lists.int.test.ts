import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../../drizzle/schema/index';
import { listApplicationsSchema, listApplicantsSchema } from '../../../src/shared/schemas/admin';
import { sha256Hex } from '../../lib/crypto';
import { insertLoan } from '../../test/factories/admin';
import { insertApplication } from '../../test/factories';
import {
  callerFor,
  getTestDeps,
  insertUser,
  sessionCookieFor,
  uniqueEmail,
  testServerForFile,
} from '../../test/harness';
import { addDays } from '../loans/index';
import { listApplicants } from './applicants';
import { listApplications } from './application-list';

const server = testServerForFile();

/** Every way a search can be answered (word-search.ts); each must give the same rows. */
const SEARCH_PATHS = ['auto', 'range', 'keys'] as const;
/** A word no other test uses, so a search for it sees only this test's rows. */
const token = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000 - minutes * 60) * 1000);
const ids = (items: { id: string }[]) => items.map((item) => item.id);

async function staffCaller() {
  return callerFor(await insertUser({ role: 'admin' }));
}

describe('applications list', () => {
  async function insertMix(word: string) {
    const rows = {
      pendingNone: await insertApplication({
        businessName: `${word} Bakery`,
        status: 'pending',
        createdAt: minutesAgo(1),
      }),
      approvedAi: await insertApplication({
        businessName: `${word} Dental`,
        status: 'approved',
        aiApproved: 'approved',
        createdAt: minutesAgo(2),
      }),
      declinedReview: await insertApplication({
        businessName: `${word} Salon`,
        status: 'declined',
        aiApproved: 'review',
        createdAt: minutesAgo(3),
      }),
      pendingReview: await insertApplication({
        ownerName: `${word} Owner`,
        status: 'pending',
        aiApproved: 'review',
        createdAt: minutesAgo(4),
      }),
      reviewDeclined: await insertApplication({
        email: `${word.toLowerCase()}@example.test`,
        status: 'review',
        aiApproved: 'declined',
        createdAt: minutesAgo(5),
      }),
    };
    // Near misses: the word inside another word (not at a word's start) and an unrelated row.
    await insertApplication({ businessName: `Other X${word}works`, createdAt: minutesAgo(6) });
    await insertApplication({ createdAt: minutesAgo(7) });
    return rows;
  }

  it('returns exactly the rows with a business, owner or email word starting with the search, newest first', async () => {
    const word = token();
    const rows = await insertMix(word);
    const caller = await staffCaller();
    const all = await caller.admin.listApplications({ search: word.toLowerCase() });
    expect(ids(all.items)).toEqual([
      rows.pendingNone.id,
      rows.approvedAi.id,
      rows.declinedReview.id,
      rows.pendingReview.id,
      rows.reviewDeclined.id,
    ]);
    expect(all.items[1]).toMatchObject({
      businessName: `${word} Dental`,
      status: 'approved',
      aiApproved: 'approved',
      loanAmount: 50_000,
    });
    expect(all.nextCursor).toBeNull();
  });

  it('applies the status and AI filters alone and together, with and without search', async () => {
    const word = token();
    const rows = await insertMix(word);
    const caller = await staffCaller();
    const list = async (input: Parameters<typeof caller.admin.listApplications>[0]) =>
      ids((await caller.admin.listApplications({ search: word, ...input })).items);
    expect(await list({ status: 'pending' })).toEqual([rows.pendingNone.id, rows.pendingReview.id]);
    expect(await list({ status: 'approved' })).toEqual([rows.approvedAi.id]);
    expect(await list({ status: 'declined' })).toEqual([rows.declinedReview.id]);
    expect(await list({ aiApproved: 'review' })).toEqual([rows.declinedReview.id, rows.pendingReview.id]);
    expect(await list({ aiApproved: 'declined' })).toEqual([rows.reviewDeclined.id]);
    expect(await list({ status: 'pending', aiApproved: 'review' })).toEqual([rows.pendingReview.id]);
    expect(await list({ status: 'approved', aiApproved: 'declined' })).toEqual([]);
    // Without a search the filter still holds on every row of the page.
    const approved = await caller.admin.listApplications({ status: 'approved', aiApproved: 'approved' });
    expect(approved.items.length).toBeGreaterThan(0);
    expect(approved.items.every((item) => item.status === 'approved' && item.aiApproved === 'approved')).toBe(true);
  });

  it('answers the same rows whether the term is read from its word range or its prefix keys', async () => {
    const word = token();
    const rows = await insertMix(word);
    const deps = await getTestDeps();
    for (const filters of [
      {},
      { status: 'pending' },
      { aiApproved: 'review' },
      { status: 'declined', aiApproved: 'review' },
    ]) {
      const query = listApplicationsSchema.parse({ search: word, ...filters });
      const ranges = ids((await listApplications(deps, query, { path: 'range' })).items);
      expect(ranges.length, JSON.stringify(filters)).toBeGreaterThan(0);
      for (const path of SEARCH_PATHS) {
        expect(
          ids((await listApplications(deps, query, { path })).items),
          `${path} ${JSON.stringify(filters)}`,
        ).toEqual(ranges);
      }
    }
    // A key is a column's first 3 or 8 characters: terms of 3 to 7 characters, of 8 and more, and of fewer than 3.
    const owner = await insertApplication({ ownerName: `${word.slice(0, 6)}x Keyed`, email: uniqueEmail('keyed') });
    const expected: [string, string][] = [
      [word.slice(0, 2), owner.id],
      [word.slice(0, 3), owner.id],
      [word.slice(0, 6), owner.id],
      [`${word.slice(0, 6)}x K`, owner.id],
      [word, rows.pendingNone.id],
    ];
    for (const [term, id] of expected) {
      for (const path of SEARCH_PATHS) {
        const found = ids(
          (await listApplications(deps, listApplicationsSchema.parse({ search: term }), { path })).items,
        );
        expect(found, `${path} ${term}`).toContain(id);
      }
    }
    // The key narrows, the term decides: a row sharing the first 8 characters but not the rest is not found.
    const keyed = ids(
      (
        await listApplications(deps, listApplicationsSchema.parse({ search: `${word.slice(0, 6)}x Kz` }), {
          path: 'keys',
        })
      ).items,
    );
    expect(keyed).toEqual([]);
  });

  it('finds an application by the first characters of its id; % and _ separate words like any punctuation', async () => {
    const word = token();
    const row = await insertApplication({ businessName: `${word} Id Search` });
    const caller = await staffCaller();
    const byId = await caller.admin.listApplications({ search: row.id.slice(0, 8).toUpperCase() });
    expect(ids(byId.items)).toContain(row.id);
    expect(ids((await caller.admin.listApplications({ search: `${word}%` })).items)).toEqual([row.id]);
    expect((await caller.admin.listApplications({ search: `${word.slice(0, 4)}_${word.slice(5)}` })).items).toEqual([]);
  });

  it('bounds the list by the days applications were made, with and without words, on every search path', async () => {
    const word = token();
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 3600_000).toISOString().slice(0, 10);
    const at = (daysAgo: number) => new Date(`${day(daysAgo)}T12:00:00Z`);
    const [old, middle, recent] = [
      await insertApplication({ businessName: `${word} Old Works`, createdAt: at(10), status: 'declined' }),
      await insertApplication({ businessName: `${word} Middle Works`, createdAt: at(5), status: 'declined' }),
      await insertApplication({ businessName: `${word} Recent Works`, createdAt: at(1), status: 'declined' }),
    ];
    const deps = await getTestDeps();
    for (const path of SEARCH_PATHS) {
      const found = async (input: object) =>
        ids((await listApplications(deps, listApplicationsSchema.parse({ search: word, ...input }), { path })).items);
      expect(await found({ createdFrom: day(6), createdTo: day(5) }), path).toEqual([middle.id]);
      expect(await found({ createdFrom: day(5) }), path).toEqual([recent.id, middle.id]);
      expect(await found({ createdTo: day(5) }), path).toEqual([middle.id, old.id]);
      expect(await found({ search: `${word} mid`, createdFrom: day(6) }), path).toEqual([middle.id]);
      expect(await found({ search: `${word} old`, createdFrom: day(6) }), path).toEqual([]);
    }
    const unfiltered = await listApplications(
      deps,
      listApplicationsSchema.parse({ status: 'declined', createdFrom: day(10), createdTo: day(10) }),
    );
    expect(ids(unfiltered.items)).toContain(old.id);
    expect(ids(unfiltered.items)).not.toContain(middle.id);
    const cookie = await sessionCookieFor(await insertUser({ role: 'admin' }));
    const bad = await server.request('/api/admin/applications?createdFrom=2026-02-30', { cookie });
    expect(bad.status).toBe(400);
    const viaRest = await server.request(
      `/api/admin/applications?search=${word}&createdFrom=${day(6)}&createdTo=${day(2)}`,
      { cookie },
    );
    const body = (await viaRest.json()) as { data: { id: string }[] };
    expect(body.data.map((item) => item.id)).toEqual([middle.id]);
  });

  it('pages by key: next and previous pages of a search, on every search path', async () => {
    const word = token();
    const inserted = [];
    for (let index = 0; index < 7; index += 1) {
      inserted.push(
        await insertApplication({ businessName: `${word} Page ${index}`, createdAt: minutesAgo(10 + index) }),
      );
    }
    const expected = ids(inserted);
    const deps = await getTestDeps();
    for (const path of SEARCH_PATHS) {
      const page = (input: object) =>
        listApplications(deps, listApplicationsSchema.parse({ search: word, limit: 3, ...input }), { path });
      const first = await page({});
      expect(ids(first.items)).toEqual(expected.slice(0, 3));
      expect(first.prevCursor).toBeNull();
      const second = await page({ cursor: first.nextCursor });
      expect(ids(second.items)).toEqual(expected.slice(3, 6));
      const third = await page({ cursor: second.nextCursor });
      expect(ids(third.items)).toEqual(expected.slice(6));
      expect(third.nextCursor).toBeNull();
      const back = await page({ cursor: second.prevCursor, direction: 'prev' });
      expect(ids(back.items)).toEqual(expected.slice(0, 3));
      expect(back.prevCursor).toBeNull();
      const byOffset = await page({ page: 2 });
      expect(ids(byOffset.items)).toEqual(expected.slice(3, 6));
    }
  });

  it('serves GET /api/admin/applications with {data: list} and refuses a bad filter or cursor with 400', async () => {
    const word = token();
    const rows = await insertMix(word);
    const cookie = await sessionCookieFor(await insertUser({ role: 'admin' }));
    const response = await server.request(
      `/api/admin/applications?search=${word}&status=approved&aiApproved=all&page=1&limit=50`,
      { cookie },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string }[] };
    expect(ids(body.data)).toEqual([rows.approvedAi.id]);
    expect((await server.request('/api/admin/applications?status=funded', { cookie })).status).toBe(400);
    expect((await server.request('/api/admin/applications?cursor=not-a-cursor', { cookie })).status).toBe(400);
    expect((await server.request('/api/admin/applications?limit=51', { cookie })).status).toBe(400);
  });
});

describe('by-email lookup', () => {
  it('answers {data, count} for that address only and audits the lookup without the address', async () => {
    const email = uniqueEmail('byemail');
    const first = await insertApplication({ email, createdAt: minutesAgo(3) });
    const second = await insertApplication({ email, createdAt: minutesAgo(1) });
    await insertApplication();
    const admin = await insertUser({ role: 'admin' });
    const cookie = await sessionCookieFor(admin);
    const response = await server.request(
      `/api/admin/applications/by-email/${encodeURIComponent(email.toUpperCase())}`,
      { cookie },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string }[]; count: number };
    expect(body.count).toBe(2);
    expect(ids(body.data)).toEqual([second.id, first.id]);
    const { db } = await getTestDeps();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'application.by_email')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.targetId).toBe(sha256Hex(email));
    expect(JSON.stringify(audits[0])).not.toContain(email);
  });
});

describe('applicants list', () => {
  it('searches names, emails and businesses by any word, filters active/inactive and counts applications', async () => {
    const word = token();
    const deps = await getTestDeps();
    const active = await insertUser({ role: 'client', firstName: word });
    const inactive = await insertUser({ role: 'client', email: `${word.toLowerCase()}@example.test`, isActive: false });
    const byBusiness = await insertUser({ role: 'client' });
    await deps.db
      .update(users)
      .set({ businessName: `${word} Roofing` })
      .where(eq(users.id, byBusiness.id));
    await insertUser({ role: 'admin', firstName: word }); // staff are not applicants
    await insertApplication({ userId: active.id, status: 'pending' });
    await insertApplication({ userId: active.id, status: 'declined' });
    await insertApplication({ userId: active.id, status: 'approved' });
    const caller = await staffCaller();

    const all = await caller.admin.listApplicants({ search: word });
    expect(new Set(ids(all.items))).toEqual(new Set([active.id, inactive.id, byBusiness.id]));
    expect(all.items.find((item) => item.id === active.id)).toMatchObject({
      totalApplications: 3,
      activeApplications: 2,
      isActive: true,
      lastLoginAt: null,
    });
    expect(ids((await caller.admin.listApplicants({ search: word, isActive: 'inactive' })).items)).toEqual([
      inactive.id,
    ]);
    expect(new Set(ids((await caller.admin.listApplicants({ search: word, isActive: 'active' })).items))).toEqual(
      new Set([active.id, byBusiness.id]),
    );
    expect(ids((await caller.admin.listApplicants({ search: `${word} roof` })).items)).toEqual([byBusiness.id]);
    for (const isActive of ['all', 'active', 'inactive'] as const) {
      const query = listApplicantsSchema.parse({ search: word, isActive });
      const ranges = ids((await listApplicants(deps, query, { path: 'range' })).items);
      for (const path of SEARCH_PATHS) {
        expect(ids((await listApplicants(deps, query, { path })).items), `${path} ${isActive}`).toEqual(ranges);
      }
    }
    for (const path of SEARCH_PATHS) {
      const byTwoWords = await listApplicants(deps, listApplicantsSchema.parse({ search: `roofing ${word}` }), {
        path,
      });
      expect(ids(byTwoWords.items), path).toEqual([byBusiness.id]);
    }
  });
});

describe('active loans list', () => {
  it('lists current loans with balance and days past due derived from schedule and payments', async () => {
    const client = await insertUser({ role: 'client' });
    const today = new Date().toISOString().slice(0, 10);
    // Four installments due (the first 28 days ago), one paid: the second is 21 days late.
    const loan = await insertLoan({ userId: client.id, firstPaymentDate: addDays(today, -28), termWeeks: 20 });
    const weekly = loan.schedule[0]!.amountCents;
    const { db } = await getTestDeps();
    const { loanPayments } = await import('../../../drizzle/schema/index');
    // One installment and a quarter of the next: the second is still owed in part.
    const quarter = Math.floor(weekly / 4);
    await db.insert(loanPayments).values([
      { id: randomUUID(), loanId: loan.id, amountCents: weekly, paidOn: addDays(today, -28) },
      { id: randomUUID(), loanId: loan.id, amountCents: quarter, paidOn: addDays(today, -20) },
    ]);
    const paidOff = await insertLoan({ userId: client.id, status: 'paid_off' });
    const caller = await staffCaller();
    let found: Awaited<ReturnType<typeof caller.admin.listLoans>>['loans'][number] | undefined;
    let cursor: string | undefined;
    const seen: string[] = [];
    for (let guard = 0; guard < 50 && !found; guard += 1) {
      const page = await caller.admin.listLoans({ cursor });
      seen.push(...ids(page.loans));
      found = page.loans.find((item) => item.id === loan.id);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(found).toMatchObject({
      principalAmount: 20_000,
      currentBalance: (loan.purchasedAmountCents - weekly - quarter) / 100,
      totalPaid: (weekly + quarter) / 100,
      status: 'past_due',
      daysPastDue: 21,
      nextPaymentDate: addDays(today, -21),
      nextPaymentAmount: (weekly - quarter) / 100,
      paymentsRemaining: 19,
    });
    // The list's figures (summed by the database) equal the payments dialog's (derived from every installment).
    const detail = await caller.admin.loanPayments({ id: loan.id });
    expect(found).toMatchObject({
      currentBalance: detail.loan.currentBalance,
      nextPaymentAmount: detail.loan.nextPaymentAmount,
      paymentsRemaining: detail.loan.paymentsRemaining,
    });
    expect(seen).not.toContain(paidOff.id);
  });
});

describe('concurrent audited reads', () => {
  it('answers every one of 12 simultaneous by-email lookups (audit chain contention is retried)', async () => {
    const email = uniqueEmail('burst');
    await insertApplication({ email });
    const caller = await staffCaller();
    const results = await Promise.all(Array.from({ length: 12 }, () => caller.admin.applicationsByEmail({ email })));
    expect(results.map((result) => result.count)).toEqual(Array.from({ length: 12 }, () => 1));
  });
});
