// Input masks of the wizard. Each takes whatever was typed or pasted and returns the formatted
// value; separators appear only once a digit follows them, so deleting backwards never gets stuck on one.

import { groupDigits } from './group-thousands';

const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** Digits with thousands separators: '2500000' -> '2,500,000'. Anything but digits is dropped. */
export function formatLoanAmount(value: string): string {
  return groupDigits(digitsOf(value, 10).replace(/^0+(?=\d)/, ''));
}

/** The loan amount in whole dollars, or null when nothing was typed. */
export function parseLoanAmount(value: string): number | null {
  const digits = value.replace(/,/g, '').trim();
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** EIN: two digits, hyphen, up to seven digits (nine digits at most). */
export function formatEin(value: string): string {
  const digits = digitsOf(value, 9);
  return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/** SSN: XXX-XX-XXXX, digits only, 11 characters at most. */
export function formatSsn(value: string): string {
  const digits = digitsOf(value, 9);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** US phone: (XXX) XXX-XXXX, digits only, 14 characters at most. A leading country code 1 is dropped. */
export function formatPhone(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The review step shows the SSN masked except the last 4 digits. */
export function maskSsnForDisplay(ssn: string): string {
  const digits = ssn.replace(/\D/g, '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : '***-**-****';
}

/** The EIN masked except the last 4 digits (docs/security.md F). */
export function maskEinForDisplay(ein: string): string {
  const digits = ein.replace(/\D/g, '');
  return digits.length >= 4 ? `**-***${digits.slice(-4)}` : '**-*******';
}
