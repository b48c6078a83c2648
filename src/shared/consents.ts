// The authorisations an applicant gives on the Review step. The version is stored with each application, so staff
// know which wording was agreed to; change it whenever the wording here or on /e-sign-consent changes.
export const CONSENT_VERSION = '2026-11-26';

// The date the legal pages were last changed (shown on each of them).
export const LEGAL_UPDATED = 'November 26, 2026';

export const CONSENT_TEXTS = {
  verification:
    'I authorise the lender and its service providers to verify the information about my business and about me, and to make a soft credit inquiry on me and my business. A soft inquiry does not affect credit scores.',
  electronicRecords:
    'I consent to receive disclosures, agreements and other records electronically and to sign them electronically, as described in the E-Sign Consent.',
} as const;

export const CONSENT_MESSAGES = {
  verification: 'Please authorise verification and a soft credit inquiry to continue',
  electronicRecords: 'Please consent to electronic records and signatures to continue',
} as const;
