import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../../drizzle/schema/index';
import { applicationFiles, applicationFormData, postApplication } from '../factories/applications';
import { getTestDeps, insertUser, sessionCookieFor, testServerForFile, uniqueIp } from '../harness';

// An Idempotency-Key belongs to whoever made it: the signed-in account, else the browser's visitor id. Another
// visitor sending the same key and the same answers (a planted or leaked key) gets a fresh evaluation of their
// own, never the first visitor's stored answer (its application id, decision and offers).

const server = testServerForFile({ ownStorage: true });

const visitorCookie = () => `visitor=${randomBytes(20).toString('hex')}`;

async function applicationIdsFor(email: string): Promise<string[]> {
  const { db } = await getTestDeps();
  const rows = await db.select({ id: applications.id }).from(applications).where(eq(applications.email, email));
  return rows.map((row) => row.id).sort();
}

async function submit(opts: { form: unknown; key: string; cookie: string }) {
  const files = await applicationFiles();
  const response = await postApplication(server.url, { ...opts, formData: opts.form, files, ip: uniqueIp() });
  expect(response.status).toBe(201);
  return ((await response.json()) as { applicationId: string }).applicationId;
}

describe('Idempotency-Key scope', () => {
  it("gives another visitor with the same key and payload a fresh evaluation, and replays only to the key's owner", async () => {
    const form = applicationFormData();
    const key = randomUUID();
    const first = visitorCookie();
    const firstId = await submit({ form, key, cookie: first });
    // The same browser retrying gets its stored answer: one application.
    expect(await submit({ form, key, cookie: first })).toBe(firstId);
    expect(await applicationIdsFor(form.email)).toEqual([firstId]);

    const otherId = await submit({ form, key, cookie: visitorCookie() });
    expect(otherId).not.toBe(firstId);
    expect(await applicationIdsFor(form.email)).toEqual([firstId, otherId].sort());
  });

  it('keeps the keys of two signed-in clients apart', async () => {
    const key = randomUUID();
    const form = applicationFormData();
    const [alice, bob] = [await insertUser(), await insertUser()];
    const aliceId = await submit({ form, key, cookie: await sessionCookieFor(alice) });
    const bobId = await submit({ form, key, cookie: await sessionCookieFor(bob) });
    expect(bobId).not.toBe(aliceId);
  });
});
