// Shared setup of the submission integration tests: an isolated server and what they read back.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { applications } from '../../../drizzle/schema/index';
import { filesUnder } from '../../test/factories/applications';
import { getTestDeps, testServerForFile, type TestServer } from '../../test/harness';

/**
 * The whole HTTP app for the test file (up before its first test, closed after its last), with a storage root of its
 * own so "no file left" checks see only ours.
 */
export function isolatedServerForFile(): TestServer {
  return testServerForFile({ ownStorage: true });
}

export async function applicationsByEmail(email: string) {
  const { db } = await getTestDeps();
  return db.select().from(applications).where(eq(applications.email, email));
}

/** What is in storage: every entry of the temp directory (an empty per-request folder is a leftover too) and every document. */
export function storageFiles(server: TestServer) {
  const { storage } = server.deps;
  return {
    temp: readdirSync(storage.tempDir),
    documents: filesUnder(path.join(path.dirname(storage.tempDir), 'documents')),
  };
}

/** The one-hour claim cookie the submission answer sets, as a Cookie header. */
export const claimCookieOf = (response: Response) =>
  (response.headers.getSetCookie().find((cookie) => cookie.startsWith('claim=')) ?? '').split(';')[0] ?? '';
