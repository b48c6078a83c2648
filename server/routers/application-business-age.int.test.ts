// POST /api/loan-application-enhanced refuses a business start date and a time in business that contradict each
// other (docs/product.md 3.2): 400 with the field message, no application row and no stored file.
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications } from '../../drizzle/schema/index';
import { APPLICATION_MESSAGES } from '../../src/shared/schemas/application';
import { yearsAgo } from '../../src/shared/schemas/application.test-helpers';
import { applicationFiles, applicationFormData, filesUnder, postApplication } from '../test/factories/applications';
import { eventually, getTestDeps, testServerForFile, uniqueIp } from '../test/harness';

const server = testServerForFile({ ownStorage: true });

async function rowsFor(email: string) {
  const { db } = await getTestDeps();
  return db.select({ id: applications.id }).from(applications).where(eq(applications.email, email));
}

function stored() {
  const { storage } = server.deps;
  return {
    temp: readdirSync(storage.tempDir),
    documents: filesUnder(path.join(path.dirname(storage.tempDir), 'documents')),
  };
}

describe('business start date and time in business', () => {
  it.each([
    ['a one-year-old business stated as 10+ years', yearsAgo(1), '10+ years'],
    ['a twelve-year-old business stated as 1-2 years', yearsAgo(12), '1-2 years'],
  ])('refuses %s: 400 naming the field, nothing stored', async (_name, businessStartDate, timeInBusiness) => {
    const before = stored();
    const formData = applicationFormData({ businessStartDate, timeInBusiness });
    const response = await postApplication(server.url, { formData, files: await applicationFiles(), ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(`timeInBusiness: ${APPLICATION_MESSAGES.timeInBusinessMismatch}`);
    expect(await rowsFor(formData.email)).toHaveLength(0);
    await eventually(() => {
      const after = stored();
      return after.temp.length === 0 && after.documents.length === before.documents.length ? true : null;
    });
  });

  it('accepts the option the start date means', async () => {
    const formData = applicationFormData({ businessStartDate: yearsAgo(3), timeInBusiness: '2-5 years' });
    const response = await postApplication(server.url, { formData, files: await applicationFiles(), ip: uniqueIp() });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await rowsFor(formData.email)).toHaveLength(1);
  });
});
