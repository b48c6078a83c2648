// The Review step's authorisations: a submission without them is refused and leaves nothing behind; with them, what
// was agreed is stored with the wording's version, the time and the address, and staff see it in the detail.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationConsents } from '../../../drizzle/schema/index';
import { CONSENT_VERSION } from '../../../src/shared/consents';
import { applicationFiles, applicationFormData, postApplication } from '../../test/factories/applications';
import { callerFor, eventually, getTestDeps, insertUser, uniqueIp } from '../../test/harness';
import { applicationsByEmail, isolatedServerForFile, storageFiles } from './submission.test-helpers';

const server = isolatedServerForFile();

const VERIFICATION = 'consentVerification: Please authorise verification and a soft credit inquiry to continue';
const RECORDS = 'consentElectronicRecords: Please consent to electronic records and signatures to continue';

describe('authorisations at submission', () => {
  it.each([
    [
      'neither authorisation',
      { consentVerification: undefined, consentElectronicRecords: undefined },
      `${VERIFICATION}; ${RECORDS}`,
    ],
    ['the soft credit inquiry left unticked', { consentVerification: false }, VERIFICATION],
    ['electronic records left unticked', { consentElectronicRecords: false }, RECORDS],
    ['a consent sent as text', { consentElectronicRecords: 'yes' }, RECORDS],
  ])('refuses %s with 400 and stores no row and no file', async (_name, overrides, message) => {
    const before = storageFiles(server);
    const formData = applicationFormData(overrides);
    const response = await postApplication(server.url, { formData, files: await applicationFiles(), ip: uniqueIp() });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(message);
    expect(await applicationsByEmail(formData.email)).toHaveLength(0);
    await eventually(() => {
      const after = storageFiles(server);
      return after.temp.length === 0 && after.documents.length === before.documents.length ? true : null;
    });
  });

  it('stores what was agreed with the version, time and address, and shows it to staff', async () => {
    const ip = uniqueIp();
    const formData = applicationFormData();
    const started = Date.now();
    const response = await postApplication(server.url, { formData, files: await applicationFiles(), ip });
    expect(response.status, await response.clone().text()).toBe(201);
    const { applicationId } = (await response.json()) as { applicationId: string };

    const { db } = await getTestDeps();
    const [row] = await db
      .select()
      .from(applicationConsents)
      .where(eq(applicationConsents.applicationId, applicationId));
    expect(row).toMatchObject({ verification: true, electronicRecords: true, version: CONSENT_VERSION, ip });
    expect(row!.agreedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row!.agreedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const staff = await callerFor(await insertUser({ role: 'admin' }));
    const detail = await staff.admin.applicationById({ id: applicationId });
    expect(detail.consent).toMatchObject({ verification: true, electronicRecords: true, version: CONSENT_VERSION, ip });
  });
});
