// One application per Idempotency-Key: repeats, parallel requests and a submission whose process died.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, idempotencyKeys, underwritingResults } from '../../../drizzle/schema/index';
import { applicationFiles, applicationFormData, postApplication } from '../../test/factories/applications';
import { getTestDeps } from '../../test/harness';
import { applicationsByEmail, isolatedServerForFile } from './submission.test-helpers';

const server = isolatedServerForFile();

describe('POST /api/loan-application-enhanced', () => {
  it('requires an Idempotency-Key header', async () => {
    const response = await postApplication(server.url, {
      formData: applicationFormData(),
      files: await applicationFiles(),
      key: null,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Idempotency-Key header is required');
  });

  it('makes one application for the same key sent twice, and refuses that key with another payload', async () => {
    const form = applicationFormData();
    const files = await applicationFiles();
    const key = crypto.randomUUID();
    const first = await postApplication(server.url, { formData: form, files, key });
    const second = await postApplication(server.url, { formData: form, files, key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await second.json()).toEqual(await first.json());
    expect(await applicationsByEmail(form.email)).toHaveLength(1);

    const changed = await postApplication(server.url, { formData: { ...form, loanAmount: '80,000' }, files, key });
    expect(changed.status).toBe(422);
    expect(await applicationsByEmail(form.email)).toHaveLength(1);
  });

  it('answers parallel requests with one key by one application', async () => {
    const form = applicationFormData();
    const files = await applicationFiles();
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => postApplication(server.url, { formData: form, files, key })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await applicationsByEmail(form.email)).toHaveLength(1);
  });

  it('finishes a submission whose process died after storing it, instead of making a second one', async () => {
    const form = applicationFormData();
    const files = await applicationFiles();
    const key = crypto.randomUUID();
    const first = await postApplication(server.url, { formData: form, files, key });
    expect(first.status).toBe(201);
    const [row] = await applicationsByEmail(form.email);
    // Rewind to the state a crash leaves: application stored, underwriting not recorded, lease expired.
    const { db } = await getTestDeps();
    await db.delete(underwritingResults).where(eq(underwritingResults.applicationId, row!.id));
    await db.update(applications).set({ status: 'pending', aiApproved: null }).where(eq(applications.id, row!.id));
    await db
      .update(idempotencyKeys)
      .set({
        state: 'in_flight',
        statusCode: null,
        responseBody: JSON.stringify({ applicationId: row!.id }),
        createdAt: new Date(Date.now() - 120_000),
      })
      .where(eq(idempotencyKeys.key, `apply:${key}`));

    const retry = await postApplication(server.url, { formData: form, files, key });
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { applicationId: string }).applicationId).toBe(row!.id);
    const after = await applicationsByEmail(form.email);
    expect(after).toHaveLength(1);
    expect(after[0]!.status).not.toBe('pending');
    expect(
      await db.select().from(underwritingResults).where(eq(underwritingResults.applicationId, row!.id)),
    ).toHaveLength(1);
  });
});
