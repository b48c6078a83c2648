import { ApiError } from '@/lib/errors';
import type { WizardValues } from './wizard';

/** The underwriting result the approval screen reads from `data` (public spec §3). */
export type UnderwritingResult = {
  approved: boolean;
  approvedAmount: number;
  mcaTerms?: { purchaseAmount?: number; factorRate?: number; weeklyPayment?: number; termWeeks?: number };
  bankStatementInsights?: {
    averageMonthlyRevenue?: number;
    healthScore?: number;
    consistencyRating?: string;
    cashFlowTrend?: string;
    recommendations?: string[];
  };
  riskAssessment?: { overallRiskLevel?: string; riskFactors?: string[] };
  nextSteps?: string[];
  confidence?: number;
  estimatedApr?: number;
};
export type SubmissionResponse = { success: boolean; applicationId?: string; data: UnderwritingResult };

export type WizardFiles = { bankStatements: File[]; driversLicense: File | null; voidedCheck: File | null };
export const NO_FILES: WizardFiles = { bankStatements: [], driversLicense: null, voidedCheck: null };

export const SUBMIT_PATH = '/api/loan-application-enhanced';

/** The multipart body of the spec: formData (JSON of all answers plus isExistingClient) and the files. */
export function buildSubmission(values: WizardValues, files: WizardFiles, isExistingClient: boolean): FormData {
  const body = new FormData();
  body.append('formData', JSON.stringify({ ...values, isExistingClient }));
  for (const file of files.bankStatements) body.append('bankStatements', file, file.name);
  if (files.driversLicense) body.append('driversLicense', files.driversLicense, files.driversLicense.name);
  if (files.voidedCheck) body.append('voidedCheck', files.voidedCheck, files.voidedCheck.name);
  return body;
}

/** What identifies one payload: a retry of the same payload reuses its Idempotency-Key, a changed one gets a new key. */
export function payloadSignature(values: WizardValues, files: WizardFiles, isExistingClient: boolean): string {
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
 * Sends the application with XMLHttpRequest, whose upload events give real progress (fetch has none). Non-2xx
 * answers reject with ApiError ("<status>: <body>", spec §8); a network failure rejects with status 0.
 */
export function sendApplication(opts: {
  body: FormData;
  idempotencyKey: string;
  onProgress: (progress: UploadProgress) => void;
}): Promise<SubmissionResponse> {
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
        try {
          resolve(JSON.parse(xhr.responseText) as SubmissionResponse);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, 'Unexpected answer from the server'));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, '', ''));
    xhr.onabort = () => reject(new ApiError(0, '', ''));
    xhr.send(opts.body);
  });
}
