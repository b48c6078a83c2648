import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { loadDocumentKeys } from '../../lib/crypto';
import { createLocalStorage } from '../../lib/storage';
import { applicationFormData, statementPdf } from '../factories/applications';
import { noisePng } from '../statements/bad-files';

// Shared by the N1/N3 fault tests: a database of the test's own, synthetic submissions posted the way the wizard
// does, and a check that every committed document row points at an intact file.

const MiB = 1024 * 1024;

export { freshDatabase } from '../fresh-database';

export type SubmissionFile = { field: string; name: string; type: string; content: Buffer; sha256: string };
export type Submission = { key: string; email: string; formData: Record<string, unknown>; files: SubmissionFile[] };

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * A real text statement padded with PDF comment lines to about `bytes` (still a readable PDF), unique per call so
 * a file landing under the wrong application would show up as a hash mismatch.
 */
export async function paddedStatement(seed: number, bytes = MiB): Promise<Buffer> {
  const pdf = await statementPdf(seed);
  const line = `%${'x'.repeat(78)}\n`;
  const tag = Buffer.from(`%synthetic ${randomUUID()}\n`, 'latin1');
  const fill = Math.max(0, bytes - pdf.length - tag.length);
  return Buffer.concat([
    pdf,
    Buffer.from('\n'),
    tag,
    Buffer.from(line.repeat(Math.ceil(fill / line.length)), 'latin1'),
  ]);
}

/** A complete new-applicant submission: one ~1 MiB statement, a licence photo and a check photo (3 files). */
export async function buildSubmission(index: number, statementBytes = MiB): Promise<Submission> {
  const formData = applicationFormData();
  const contents = [
    {
      field: 'bankStatements',
      name: 'statement.pdf',
      type: 'application/pdf',
      content: await paddedStatement((index % 4) + 1, statementBytes),
    },
    { field: 'driversLicense', name: 'license.png', type: 'image/png', content: noisePng(64, 48, 1000 + index) },
    { field: 'voidedCheck', name: 'check.png', type: 'image/png', content: noisePng(64, 48, 5000 + index) },
  ];
  return {
    key: randomUUID(),
    email: formData.email,
    formData,
    files: contents.map((file) => ({ ...file, sha256: sha256Of(file.content) })),
  };
}

export type SubmissionReply = { status: number; text: string; retryAfter: number | null };

/** POSTs a submission as the wizard does: multipart, same-origin, with its Idempotency-Key. */
export async function postSubmission(baseUrl: string, submission: Submission, timeoutMs = 60_000) {
  const body = new FormData();
  body.append('formData', JSON.stringify(submission.formData));
  for (const file of submission.files)
    body.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}/api/loan-application-enhanced`, {
    method: 'POST',
    headers: { Origin: sameOrigin(baseUrl), 'Idempotency-Key': submission.key },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    text: await response.text(),
    retryAfter: retryAfter === null ? null : Number(retryAfter),
  } satisfies SubmissionReply;
}

/** The origin the server process accepts (its PUBLIC_URL is http://localhost:<port>). */
export const sameOrigin = (baseUrl: string) => new URL(baseUrl).origin.replace('127.0.0.1', 'localhost');

/** Every file below a directory, relative to it; empty when it does not exist. */
export function listFiles(dir: string, prefix = ''): string[] {
  let entries: string[];
  try {
    entries = readdirSync(path.join(dir, prefix));
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = path.join(prefix, entry);
    return statSync(path.join(dir, relative)).isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

export type DocumentRow = {
  application_id: string;
  kind: string;
  storage_key: string;
  size_bytes: number;
  sha256: string;
};

/** Where local storage keeps a document: <upload dir>/documents/<2 chars>/<key>. */
export const documentPath = (uploadDir: string, key: string) => path.join(uploadDir, 'documents', key.slice(0, 2), key);

/** Rows whose stored file is missing, fails its integrity check, or is not the very file that was sent. */
export async function brokenDocuments(uploadDir: string, varDir: string, rows: DocumentRow[]) {
  // Stored encrypted under the server's development keyring in its VAR_DIR: read back through the storage.
  const storage = createLocalStorage(uploadDir, { keys: loadDocumentKeys({ varDir, isProduction: false }) });
  const broken: DocumentRow[] = [];
  for (const row of rows) {
    try {
      const content = await buffer(storage.read(row.storage_key));
      if (content.length !== Number(row.size_bytes) || sha256Of(content) !== row.sha256) broken.push(row);
    } catch {
      broken.push(row);
    }
  }
  return broken;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
