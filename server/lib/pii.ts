import { decryptField, encryptField } from './crypto';

// Restricted application fields (docs/security.md F): encrypted at rest, bound to their row and column by the AAD,
// with only the last 4 digits kept in clear for display.
export type ApplicationPii = { ssn: string; ein: string; dateOfBirth: string };

const aad = (applicationId: string, column: 'ssn' | 'ein' | 'dob') => `applications.${column}:${applicationId}`;
const last4 = (value: string) => value.replace(/\D/g, '').slice(-4);

export function encryptApplicationPii(applicationId: string, pii: ApplicationPii) {
  return {
    ssnEnc: encryptField(pii.ssn, aad(applicationId, 'ssn')),
    ssnLast4: last4(pii.ssn),
    einEnc: encryptField(pii.ein, aad(applicationId, 'ein')),
    einLast4: last4(pii.ein),
    dateOfBirthEnc: encryptField(pii.dateOfBirth, aad(applicationId, 'dob')),
  };
}

export function decryptApplicationPii(
  applicationId: string,
  row: { ssnEnc: string; einEnc: string; dateOfBirthEnc: string },
): ApplicationPii {
  return {
    ssn: decryptField(row.ssnEnc, aad(applicationId, 'ssn')),
    ein: decryptField(row.einEnc, aad(applicationId, 'ein')),
    dateOfBirth: decryptField(row.dateOfBirthEnc, aad(applicationId, 'dob')),
  };
}

/** Re-encrypts stored values under a new row id (a returning client's new application reuses them). */
export function reencryptApplicationPii(
  fromId: string,
  toId: string,
  row: { ssnEnc: string; einEnc: string; dateOfBirthEnc: string },
) {
  return encryptApplicationPii(toId, decryptApplicationPii(fromId, row));
}

export const maskSsn = (ssnLast4: string) => `***-**-${ssnLast4}`;
export const maskEin = (einLast4: string) => `**-***${einLast4}`;
