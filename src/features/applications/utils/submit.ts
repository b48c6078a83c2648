import { ApiError } from '@/lib/errors';
import { submissionBodySchema, type SubmissionBodyDto } from '@shared/schemas/submission';
import type { ConsentValues } from '@shared/schemas/application';
import type { WizardValues } from './wizard';

export type WizardFiles = { bankStatements: File[]; driversLicense: File | null; voidedCheck: File | null };
export const NO_FILES: WizardFiles = { bankStatements: [], driversLicense: null, voidedCheck: null };

export const SUBMIT_PATH = '/api/loan-application-enhanced';

/** The multipart body: formData (JSON of all answers, the authorisations and isExistingClient) and the files. */
export function buildSubmission(
  values: WizardValues & ConsentValues,
  files: WizardFiles,
  isExistingClient: boolean,
): FormData {
  const body = new FormData();
  body.append('formData', JSON.stringify({ ...values, isExistingClient }));
  for (const file of files.bankStatements) body.append('bankStatements', file, file.name);
  if (files.driversLicense) body.append('driversLicense', files.driversLicense, files.driversLicense.name);
  if (files.voidedCheck) body.append('voidedCheck', files.voidedCheck, files.voidedCheck.name);
  return body;
}

/** What identifies one payload: a retry of the same payload reuses its Idempotency-Key, a changed one gets a new key. */
export function payloadSignature(
  values: WizardValues & ConsentValues,
  files: WizardFiles,
  isExistingClient: boolean,
): string {
  const describe = (file: File | null) => (file ? [file.name, file.size, file.lastModified, file.type] : null);
  return JSON.stringify({
    values,
    isExistingClient,
    bankStatements: files.bankStatements.map(describe),
    driversLicense: describe(files.driversLicense),
    voidedCheck: describe(files.voidedCheck),
  });
}

export type UploadProgress = { phase: 'uploading'; fraction: number } | { phase: 'analyzing' };

/**
 * Sends the application with XMLHttpRequest, whose upload events give real progress (fetch has none). The answer is
 * parsed with the shared schema; one that does not fit rejects as an unexpected answer. Non-2xx answers reject with
 * ApiError ("<status>: <body>"); a network failure rejects with status 0.
 */
export function sendApplication(opts: {
  body: FormData;
  idempotencyKey: string;
  onProgress: (progress: UploadProgress) => void;
}): Promise<SubmissionBodyDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', SUBMIT_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Idempotency-Key', opts.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        opts.onProgress({ phase: 'uploading', fraction: Math.min(1, event.loaded / event.total) });
      }
    };
    xhr.upload.onload = () => opts.onProgress({ phase: 'analyzing' });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        let answer: unknown;
        try {
          answer = JSON.parse(xhr.responseText);
        } catch {
          answer = undefined;
        }
        const parsed = submissionBodySchema.safeParse(answer);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, xhr.statusText, 'Unexpected answer from the server'));
        return;
      }
      reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, '', ''));
    xhr.onabort = () => reject(new ApiError(0, '', ''));
    xhr.send(opts.body);
  });
}
