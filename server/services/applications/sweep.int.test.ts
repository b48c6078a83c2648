import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { insertApplication } from '../../test/factories';
import { insertDocument } from '../../test/factories/admin';
import { getTestDeps, testDirs } from '../../test/harness';
import { sweepOrphanDocuments } from './documents';

const HOUR = 3600_000;
const fileOf = (key: string) => path.join(testDirs().uploadDir, 'documents', key.slice(0, 2), key);
const age = (key: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(fileOf(key), then, then);
};

// docs/security.md N1: a crash between the file commit and the database commit leaves a stored file without its row.
describe('orphan document sweep', () => {
  it('removes old stored files no row points at, and keeps referenced and recent ones', async () => {
    const deps = await getTestDeps();
    const commitLoose = async () => {
      const temp = path.join(deps.storage.tempDir, `orphan-${newId()}`);
      writeFileSync(temp, '%PDF-1.4\n% synthetic orphan\n%%EOF\n');
      return deps.storage.commit(temp);
    };
    const oldOrphan = await commitLoose();
    const recentOrphan = await commitLoose();
    const { id: applicationId } = await insertApplication();
    const { storageKey: referenced } = await insertDocument(applicationId);
    age(oldOrphan, 2 * HOUR);
    age(referenced, 2 * HOUR);

    const removed = await sweepOrphanDocuments(deps, HOUR);

    expect(removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(oldOrphan))).toBe(false);
    expect(existsSync(fileOf(referenced))).toBe(true);
    // Younger than the threshold: possibly a submission still between its file and database commits.
    expect(existsSync(fileOf(recentOrphan))).toBe(true);
  });
});
