// An offer is open OFFER_VALID_DAYS (30 in tests) from its approval (docs/product.md 8.6): the client sees until when,
// and an expired offer cannot be signed: the answer says so and nothing about the application changes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, auditLog, loans, offerSignatures } from '../../../drizzle/schema/index';
import { acceptInputFor, insertApprovedApplication } from '../../test/factories/clients';
import { callerFor, getTestDeps, insertUser, sessionCookieFor, testServerForFile } from '../../test/harness';
import { OFFER_EXPIRED } from './expiry';

const server = testServerForFile();
const DAY = 24 * 3600_000;

/** An engine-approved application of `userId` whose offer was made `daysAgo` days ago. */
async function approvedDaysAgo(userId: string, daysAgo: number) {
  const decidedAt = new Date(Date.now() - daysAgo * DAY);
  decidedAt.setMilliseconds(0); // DATETIME keeps whole seconds
  const application = await insertApprovedApplication({ userId, createdAt: new Date(decidedAt.getTime() - DAY) });
  const { db } = await getTestDeps();
  await db.update(applications).set({ decidedAt }).where(eq(applications.id, application.id));
  return { application, decidedAt };
}

async function everythingAbout(applicationId: string) {
  const { db } = await getTestDeps();
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId));
  return {
    row,
    loans: await db.select().from(loans).where(eq(loans.applicationId, applicationId)),
    signatures: await db.select().from(offerSignatures).where(eq(offerSignatures.applicationId, applicationId)),
    audit: await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, applicationId)),
  };
}

describe('offer expiry', () => {
  it('shows the client until when the offer can be accepted', async () => {
    const client = await insertUser();
    const { application, decidedAt } = await approvedDaysAgo(client.id, 10);
    const menu = await (await callerFor(client)).client.offerMenu({ id: application.id });
    expect(menu.validUntil).toEqual(new Date(decidedAt.getTime() + 30 * DAY));
    expect(menu.isExpired).toBe(false);
    const cookie = await sessionCookieFor(client);
    const response = await server.request(`/api/client/applications/${application.id}/offers`, { cookie });
    expect(await response.json()).toMatchObject({
      data: { validUntil: new Date(decidedAt.getTime() + 30 * DAY).toISOString(), isExpired: false },
    });
  });

  it('refuses to sign an expired offer with a clear message and changes nothing', async () => {
    const client = await insertUser();
    // Priced while still open (29 days), then the approval is moved back past the 30 days.
    const { application } = await approvedDaysAgo(client.id, 29);
    const caller = await callerFor(client);
    const input = await acceptInputFor(caller, application.id);
    const { db } = await getTestDeps();
    await db
      .update(applications)
      .set({ decidedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(applications.id, application.id));
    const before = await everythingAbout(application.id);
    expect((await caller.client.offerMenu({ id: application.id })).isExpired).toBe(true);

    await expect(caller.client.acceptFunding(input)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: OFFER_EXPIRED,
    });
    const cookie = await sessionCookieFor(client);
    const { id, ...body } = input;
    const response = await server.request(`/api/client/applications/${id}/accept`, { cookie, body });
    expect(response.status).toBe(409);
    expect(await response.text()).toBe(OFFER_EXPIRED);

    const after = await everythingAbout(application.id);
    expect(after).toEqual(before);
    expect(after.row?.status).toBe('approved');
    expect(after.loans).toHaveLength(0);
    expect(after.signatures).toHaveLength(0);
  });

  it('still accepts an offer on its last day', async () => {
    const client = await insertUser();
    const { application } = await approvedDaysAgo(client.id, 29.9);
    const caller = await callerFor(client);
    const answer = await caller.client.acceptFunding(await acceptInputFor(caller, application.id));
    expect(answer.success).toBe(true);
  });
});
