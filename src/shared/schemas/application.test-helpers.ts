import { todayUtc } from '../calendar';

// Synthetic answers for the tests of the application rules (no real person: SSNs and EINs start with 9).

/** The same day `years` years ago (UTC): a start date that keeps its time-in-business option whatever the date. */
export function yearsAgo(years: number): string {
  return `${new Date().getUTCFullYear() - years}${todayUtc().slice(4)}`.replace('-02-29', '-02-28');
}

/** A complete new applicant's answers as the wizard holds them (typed text). */
export const VALID_ANSWERS = {
  loanAmount: '75,000',
  businessName: 'Canary Bakery LLC',
  ein: '91-2345678',
  businessAddress: '100 Test Avenue, Springfield, IL 62701',
  businessAddress2: '',
  businessStartDate: yearsAgo(7),
  businessType: 'Restaurant',
  timeInBusiness: '5-10 years',
  ownerName: 'Pat Example',
  ssn: '900-12-3456',
  email: 'pat@example.test',
  phone: '(555) 010-0100',
  dateOfBirth: '1980-01-15',
  estimatedCreditScore: '700',
  monthlyRevenue: '$50,000 - $100,000',
  additionalInfo: '',
};
