import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { yearsAgo } from '../../../src/shared/schemas/application.test-helpers';
import { buildLedger } from '../statements/ledger';
import { renderStatementPdf } from '../statements/render';
import { noisePng } from '../statements/bad-files';
import { uniqueEmail, uniqueIp } from '../harness';

// Synthetic submissions for the application tests: SSNs and EINs start with 9, emails are example.test.

let serial = 0;
const nineDigits = () => {
  serial += 1;
  return String(900_000_000 + ((process.pid * 1000 + serial) % 99_999_999)).padStart(9, '9');
};

const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** A new applicant's answers as the wizard sends them (all text), unique per call. */
export function applicationFormData(overrides: Record<string, unknown> = {}) {
  const digits = nineDigits();
  return {
    loanAmount: '75,000',
    businessName: `Canary Bakery ${letters()} LLC`,
    ein: `9${digits.slice(1, 2)}-${digits.slice(2, 9)}`,
    businessAddress: '100 Test Avenue, Springfield, IL 62701',
    businessAddress2: 'Suite 5',
    businessStartDate: yearsAgo(7),
    businessType: 'Restaurant',
    timeInBusiness: '5-10 years',
    ownerName: 'Pat Example',
    ssn: `9${digits.slice(1, 3)}-${digits.slice(3, 5)}-${digits.slice(5, 9)}`,
    email: uniqueEmail('applicant'),
    phone: '(555) 010-0100',
    dateOfBirth: '1980-01-15',
    estimatedCreditScore: '700',
    monthlyRevenue: '$50,000 - $100,000',
    additionalInfo: 'Expanding the kitchen.',
    consentVerification: true,
    consentElectronicRecords: true,
    isExistingClient: false,
    ...overrides,
  };
}

const statementCache = new Map<number, Promise<Buffer>>();

/** A real text PDF bank statement of four healthy months (the underwriting helper's generator). */
export function statementPdf(seed = 1): Promise<Buffer> {
  let cached = statementCache.get(seed);
  if (!cached) {
    const ledger = buildLedger({ seed, firstMonth: '2025-10', months: 4, revenuePerMonthCents: 70_000_00 });
    cached = renderStatementPdf(ledger, { layout: 'signed-amount' });
    statementCache.set(seed, cached);
  }
  return cached;
}

/** A small real PNG (a photo of a licence or a check). */
export const photoPng = () => noisePng(64, 48, 3);

/** A Windows executable's first bytes: what a renamed `.exe` looks like. */
export function executableBytes(size = 2048): Buffer {
  const bytes = Buffer.alloc(size, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export type UploadFile = { field: string; name: string; type: string; content: Buffer };

/** The files of a complete new-applicant submission: one statement, a licence photo and a check photo. */
export async function applicationFiles(opts: { statements?: number } = {}): Promise<UploadFile[]> {
  const statements = await Promise.all(
    Array.from({ length: opts.statements ?? 1 }, (_, index) => statementPdf(index + 1)),
  );
  return [
    ...statements.map((content, index) => ({
      field: 'bankStatements',
      name: `statement-${index + 1}.pdf`,
      type: 'application/pdf',
      content,
    })),
    { field: 'driversLicense', name: 'license.png', type: 'image/png', content: photoPng() },
    { field: 'voidedCheck', name: 'check.png', type: 'image/png', content: photoPng() },
  ];
}

/** POSTs a multipart submission the way the wizard does (same origin, Idempotency-Key header). */
export function postApplication(
  baseUrl: string,
  opts: {
    formData?: unknown;
    /** Raw formData text (malformed JSON tests); wins over formData. */
    formDataText?: string;
    files: UploadFile[];
    key?: string | null;
    cookie?: string;
    ip?: string;
    extraFields?: Array<[string, string]>;
  },
) {
  const body = new FormData();
  if (opts.formDataText !== undefined) body.append('formData', opts.formDataText);
  else if (opts.formData !== undefined) body.append('formData', JSON.stringify(opts.formData));
  for (const [name, value] of opts.extraFields ?? []) body.append(name, value);
  for (const file of opts.files)
    body.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const headers: Record<string, string> = {
    Origin: 'http://localhost:3000',
    'X-Forwarded-For': opts.ip ?? uniqueIp(),
  };
  if (opts.key !== null) headers['Idempotency-Key'] = opts.key ?? crypto.randomUUID();
  if (opts.cookie) headers.Cookie = opts.cookie;
  return fetch(`${baseUrl}/api/loan-application-enhanced`, { method: 'POST', headers, body });
}

/** Every file below a directory (recursively); empty when it does not exist. */
export function filesUnder(dir: string): string[] {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
