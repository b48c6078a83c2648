// Submissions refused: each refusal answers its literal message and leaves no row and no file behind.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../../src/shared/constants';
import {
  applicationFiles,
  applicationFormData,
  executableBytes,
  photoPng,
  postApplication,
  statementPdf,
  type UploadFile,
} from '../../test/factories/applications';
import { eventually, uniqueEmail, uniqueIp } from '../../test/harness';
import { applicationsByEmail, isolatedServerForFile, storageFiles } from './submission.test-helpers';

const server = isolatedServerForFile();

describe('POST /api/loan-application-enhanced', () => {
  const refusals: Array<{
    name: string;
    build: () => Promise<{
      formData?: unknown;
      formDataText?: string;
      files: UploadFile[];
      extraFields?: Array<[string, string]>;
    }>;
    message: string | RegExp;
  }> = [
    {
      name: 'a file over 10 MB',
      build: async () => {
        const files = await applicationFiles();
        files[0] = { ...files[0]!, content: Buffer.concat([await statementPdf(1), Buffer.alloc(MAX_FILE_BYTES)]) };
        return { formData: applicationFormData(), files };
      },
      message: 'bankStatements: Each file must be 10MB or smaller',
    },
    {
      name: 'a fifth bank statement',
      build: async () => ({ formData: applicationFormData(), files: await applicationFiles({ statements: 5 }) }),
      message: 'bankStatements: You can upload up to 4 bank statements',
    },
    {
      name: 'an executable named .pdf',
      build: async () => {
        const files = await applicationFiles();
        files[0] = {
          field: 'bankStatements',
          name: 'statement.pdf',
          type: 'application/pdf',
          content: executableBytes(),
        };
        return { formData: applicationFormData(), files };
      },
      message: 'bankStatements: Only PDF or image files (JPEG, PNG, WebP, HEIC) are allowed',
    },
    {
      name: 'a PNG declared as a PDF',
      build: async () => {
        const files = await applicationFiles();
        files[2] = { field: 'voidedCheck', name: 'check.pdf', type: 'application/pdf', content: photoPng() };
        return { formData: applicationFormData(), files };
      },
      message: 'voidedCheck: The file content does not match its type',
    },
    {
      name: 'a missing field',
      build: async () => {
        const { ssn: _ssn, ...formData } = applicationFormData();
        return { formData, files: await applicationFiles() };
      },
      message: 'ssn: Social Security Number is required',
    },
    {
      name: 'malformed JSON',
      build: async () => ({ formDataText: '{"loanAmount": "75,000",', files: await applicationFiles() }),
      message: 'formData: Malformed JSON',
    },
    {
      name: 'a prototype-polluting key',
      build: async () => ({
        formDataText: JSON.stringify(applicationFormData()).replace(/^\{/, '{"__proto__":{"polluted":true},'),
        files: await applicationFiles(),
      }),
      message: 'formData: Malformed JSON',
    },
    {
      name: 'a server-decided field in formData',
      build: async () => ({ formData: applicationFormData({ status: 'approved' }), files: await applicationFiles() }),
      message: /Unrecognized key/,
    },
    {
      name: 'a duplicate formData part',
      build: async () => {
        const formData = applicationFormData();
        return { formData, files: await applicationFiles(), extraFields: [['formData', JSON.stringify(formData)]] };
      },
      message: 'formData: Duplicate field',
    },
    {
      name: 'missing documents',
      build: () => Promise.resolve({ formData: applicationFormData(), files: [] }),
      message:
        "bankStatements: At least one bank statement is required; driversLicense: Driver's license is required; voidedCheck: Voided check is required",
    },
  ];

  it.each(refusals)('refuses $name with 400, leaving no row and no file', async ({ build, message }) => {
    const before = storageFiles(server);
    const request = await build();
    const email = (request.formData as { email?: string } | undefined)?.email ?? uniqueEmail('none');
    const response = await postApplication(server.url, request);
    expect(response.status).toBe(400);
    const text = await response.text();
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(await applicationsByEmail(email)).toHaveLength(0);
    // Temp files are removed before the answer; give the filesystem a moment for formidable's own unlinks.
    await eventually(() => {
      const after = storageFiles(server);
      return after.temp.length === 0 && after.documents.length === before.documents.length ? true : null;
    });
  });

  it('refuses a body declared larger than the upload limit with 413 before storing anything', async () => {
    const before = storageFiles(server);
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/loan-application-enhanced`, {
        method: 'POST',
        headers: {
          Origin: 'http://localhost:3000',
          'X-Forwarded-For': uniqueIp(),
          'Idempotency-Key': crypto.randomUUID(),
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(200 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, text: body });
        });
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(status).toBe(413);
    expect(text).toBe('The upload is too large: at most 6 files of 10MB each.');
    expect(storageFiles(server)).toEqual(before);
  });

  it('names every bad field, one message each', async () => {
    const response = await postApplication(server.url, {
      formData: applicationFormData({ loanAmount: '5,000', ein: '12-34', phone: '', estimatedCreditScore: '900' }),
      files: await applicationFiles(),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      'loanAmount: Minimum loan amount is $10,000; ein: Please enter a valid EIN format (XX-XXXXXXX); phone: Phone number is required; estimatedCreditScore: Credit score must be between 300 and 850',
    );
  });

  it('does not let an anonymous visitor claim to be an existing client', async () => {
    const form = applicationFormData({ ssn: '', ein: '', dateOfBirth: '', isExistingClient: true });
    const statement = (await applicationFiles())[0]!;
    const response = await postApplication(server.url, { formData: form, files: [statement] });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      "ein: EIN number is required; ssn: Social Security Number is required; dateOfBirth: Date of birth is required; driversLicense: Driver's license is required; voidedCheck: Voided check is required",
    );
    expect(await applicationsByEmail(form.email)).toHaveLength(0);
  });

  it('limits submissions per address with 429 and Retry-After, without reading the body', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      last = await postApplication(server.url, { formData: applicationFormData(), files: [], ip });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await last!.text()).toBe('Too many attempts. Please try again later.');
  });

  it('refuses a cross-site submission', async () => {
    const response = await fetch(`${server.url}/api/loan-application-enhanced`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Idempotency-Key': crypto.randomUUID() },
      body: new FormData(),
    });
    expect(response.status).toBe(403);
  });
});
