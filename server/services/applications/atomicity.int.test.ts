import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, idempotencyKeys } from '../../../drizzle/schema/index';
import { applicationFiles, applicationFormData, filesUnder, postApplication } from '../../test/factories/applications';
import { eventually, getTestDeps, startTestServer, type TestServer } from '../../test/harness';
import { applicationKey } from './idempotency';

// docs/security.md N7: a failure between the application row and its document rows leaves nothing behind. The fault is
// real: a trigger makes MariaDB refuse the document insert, for this test's business name only.

const CANARY = `N7 Canary ${Date.now().toString(36)} LLC`;
const TRIGGER = `n7_fail_documents_${process.pid}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ownStorage: true });
  const { pool } = await getTestDeps();
  await pool.query(`DROP TRIGGER IF EXISTS ${TRIGGER}`);
  await pool.query(
    `CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON application_documents FOR EACH ROW
     BEGIN
       IF (SELECT business_name FROM applications WHERE id = NEW.application_id) = ${pool.escape(CANARY)} THEN
         SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected document failure';
       END IF;
     END`,
  );
});
afterAll(async () => {
  const { pool } = await getTestDeps();
  await pool.query(`DROP TRIGGER IF EXISTS ${TRIGGER}`);
  await server?.close();
});

describe('submission atomicity (N7)', () => {
  it('rolls back the application and removes its files when the document rows fail', async () => {
    const { storage } = server.deps;
    const documentsDir = path.join(path.dirname(storage.tempDir), 'documents');
    const formData = applicationFormData({ businessName: CANARY });
    const key = crypto.randomUUID();
    const response = await postApplication(server.url, { formData, files: await applicationFiles(), key });
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(body).not.toContain('injected');
    expect(body).not.toContain('application_documents');

    const { db } = await getTestDeps();
    expect(
      await db.select({ id: applications.id }).from(applications).where(eq(applications.businessName, CANARY)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, applicationKey(key))),
    ).toEqual([]);
    await eventually(() =>
      readdirSync(storage.tempDir).length === 0 && filesUnder(documentsDir).length === 0 ? true : null,
    );
  });
});
