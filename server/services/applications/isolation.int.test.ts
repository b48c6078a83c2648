import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, loans, milestoneProgress, refinanceRequests, rewards } from '../../../drizzle/schema/index';
import {
  insertApprovedApplication,
  insertLoan,
  insertMilestoneProgress,
  insertReward,
  blindAcceptInput,
} from '../../test/factories/clients';
import { callerFor, getTestDeps, insertUser, sessionCookieFor, testServerForFile } from '../../test/harness';

const acceptBody = (id: string) => {
  const { id: _id, ...body } = blindAcceptInput(id);
  return body;
};

const server = testServerForFile();

/** Client B with one of everything, each carrying a canary string that must never reach client A. */
async function seedClientB() {
  const b = await insertUser({ firstName: 'Bianca' });
  const canary = `B-CANARY-${b.id.slice(0, 8)}`;
  const application = await insertApprovedApplication({ userId: b.id, businessName: `${canary} Approved` });
  const loan = await insertLoan({ userId: b.id, businessName: `${canary} Funded` });
  const progress = await insertMilestoneProgress({
    userId: b.id,
    milestoneId: 'on-time-4',
    currentProgress: 4,
    completed: true,
  });
  const reward = await insertReward({ userId: b.id });
  return { b, canary, application, loan, progress, reward, ids: [application.id, loan.id, progress.id, reward.id] };
}

async function seedClientA() {
  const a = await insertUser({ firstName: 'Aaron' });
  const application = await insertApprovedApplication({ userId: a.id, businessName: `A-Own ${a.id.slice(0, 8)}` });
  const loan = await insertLoan({ userId: a.id });
  return { a, application, loan };
}

async function expectBUntouched(seed: Awaited<ReturnType<typeof seedClientB>>) {
  const { db } = await getTestDeps();
  const [application] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, seed.application.id));
  expect(application?.status).toBe('approved');
  expect(await db.select().from(loans).where(eq(loans.applicationId, seed.application.id))).toHaveLength(0);
  const [progress] = await db
    .select({ rewardClaimed: milestoneProgress.rewardClaimed })
    .from(milestoneProgress)
    .where(eq(milestoneProgress.id, seed.progress.id));
  expect(progress?.rewardClaimed).toBe(false);
  const [reward] = await db.select({ isUsed: rewards.isUsed }).from(rewards).where(eq(rewards.id, seed.reward.id));
  expect(reward?.isUsed).toBe(false);
  expect(await db.select().from(refinanceRequests).where(eq(refinanceRequests.loanId, seed.loan.id))).toHaveLength(0);
}

describe('a client sees only their own data', () => {
  it('through every procedure: lists hold only their rows, and B ids answer 404', async () => {
    const seedB = await seedClientB();
    const { a, application, loan } = await seedClientA();
    const caller = await callerFor(a);

    const apps = await caller.client.applications();
    expect(new Set(apps.map((app) => app.id))).toEqual(new Set([application.id, loan.application.id]));
    expect((await caller.client.loans()).map((item) => item.id)).toEqual([loan.id]);
    const dashboard = await caller.rewards.dashboard();
    expect(dashboard.rewards).toEqual([]);
    expect(dashboard.milestoneProgress.every((item) => item.id === null)).toBe(true);
    const reads = JSON.stringify([
      apps,
      await caller.client.loans(),
      dashboard,
      await caller.client.refinanceRequests(),
    ]);
    expect(reads).not.toContain(seedB.canary);
    for (const id of seedB.ids) expect(reads).not.toContain(id);

    const notFound = { code: 'NOT_FOUND' };
    await expect(caller.client.acceptFunding(blindAcceptInput(seedB.application.id))).rejects.toMatchObject(notFound);
    await expect(caller.client.loanSchedule({ id: seedB.loan.id })).rejects.toMatchObject(notFound);
    await expect(
      caller.client.requestRefinance({ loanId: seedB.loan.id, reason: 'Lower my weekly payment please' }),
    ).rejects.toMatchObject(notFound);
    await expect(caller.rewards.claim({ id: seedB.progress.id })).rejects.toMatchObject(notFound);
    await expect(caller.rewards.redeem({ id: seedB.reward.id })).rejects.toMatchObject(notFound);
    // Unknown and malformed ids answer exactly like another client's.
    await expect(caller.client.acceptFunding(blindAcceptInput('no-such-application'))).rejects.toMatchObject(notFound);
    await expect(caller.rewards.redeem({ id: '00000000-0000-0000-0000-000000000000' })).rejects.toMatchObject(notFound);
    await expectBUntouched(seedB);
  });

  it('through every /api path: 404 with the same body for B ids, and no B data in any answer', async () => {
    const seedB = await seedClientB();
    const { a, application, loan } = await seedClientA();
    const cookie = await sessionCookieFor(a);

    const reads = [
      '/api/my-applications',
      '/api/client/applications',
      '/api/client/loans',
      `/api/client/loans/${loan.id}/schedule`,
      '/api/client/rewards/dashboard',
      '/api/client/me',
    ];
    for (const path of reads) {
      const response = await server.request(path, { cookie });
      expect(response.status, path).toBe(200);
      const text = await response.text();
      expect(text, path).not.toContain(seedB.canary);
      for (const id of seedB.ids) expect(text, path).not.toContain(id);
    }
    const list = (await (await server.request('/api/client/applications', { cookie })).json()) as {
      data: { id: string }[];
    };
    expect(new Set(list.data.map((item) => item.id))).toEqual(new Set([application.id, loan.application.id]));
    const mine = (await (await server.request('/api/my-applications', { cookie })).json()) as { id: string }[];
    expect(mine.map((item) => item.id)).toEqual(list.data.map((item) => item.id));

    const forbidden: [string, string, unknown?][] = [
      ['POST', `/api/client/applications/${seedB.application.id}/accept`, acceptBody(seedB.application.id)],
      ['GET', `/api/client/applications/${seedB.application.id}/offers`],
      ['POST', `/api/client/applications/${seedB.application.id}/offers/price`, { amount: 40_000, termWeeks: 40 }],
      ['GET', `/api/client/applications/${seedB.application.id}/signature`],
      ['POST', `/api/client/applications/${seedB.application.id}/consolidation`, { positions: ['FASTCAP FUNDING'] }],
      ['GET', `/api/client/loans/${seedB.loan.id}/schedule`],
      ['GET', `/api/client/loans/${seedB.loan.id}/payoff-quote`],
      ['GET', `/api/client/loans/${seedB.loan.id}/renewal`],
      [
        'POST',
        `/api/client/loans/${seedB.loan.id}/lower-payment-requests`,
        { requestedWeeklyPayment: 100, reason: 'Revenue dropped this quarter' },
      ],
      ['POST', `/api/client/rewards/milestones/${seedB.progress.id}/claim`],
      ['POST', `/api/client/rewards/${seedB.reward.id}/use`],
      ['POST', '/api/client/refinance-requests', { loanId: seedB.loan.id, reason: 'Lower my weekly payment please' }],
    ];
    for (const [method, path, body] of forbidden) {
      const response = await server.request(path, { method, cookie, body });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toMatch(
        /^(Application|Loan|Milestone|Reward) not found$|^No signed offer was found for this application$/,
      );
    }
    await expectBUntouched(seedB);
    console.info(
      `C2: client A on ${reads.length} list/read paths and ${forbidden.length} object paths with client B's ids -> ` +
        `0 leaks (no B canary or id in any body), ${forbidden.length} x 404 with the unknown-id body, 0 changes to B`,
    );
  });

  it('refuses every client endpoint to anonymous callers with 401', async () => {
    const seedB = await seedClientB();
    const paths: [string, string][] = [
      ['GET', '/api/my-applications'],
      ['GET', '/api/client/applications'],
      ['GET', '/api/client/loans'],
      ['GET', `/api/client/loans/${seedB.loan.id}/schedule`],
      ['GET', '/api/client/rewards/dashboard'],
      ['POST', `/api/client/applications/${seedB.application.id}/accept`],
      ['POST', `/api/client/rewards/milestones/${seedB.progress.id}/claim`],
      ['POST', `/api/client/rewards/${seedB.reward.id}/use`],
    ];
    for (const [method, path] of paths) {
      const response = await server.request(path, { method });
      expect(response.status, path).toBe(401);
    }
    await expectBUntouched(seedB);
  });

  it('never sends staff-only underwriting fields or PII to the client', async () => {
    const a = await insertUser();
    await insertApprovedApplication({ userId: a.id });
    const text = JSON.stringify(await (await callerFor(a)).client.applications());
    expect(text).not.toContain('staff only');
    expect(text).not.toMatch(/"(ssn|ein|dateOfBirth|ownerName|email|phone|submitterHash|aiData)/i);
  });
});
