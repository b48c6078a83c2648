import type { IconName } from '../components/icons';
import { lender } from '@/config/lender';

// Literal texts of the home and landing pages. Names and businesses are fictional.

export const FEATURES: { title: string; text: string; icon: IconName }[] = [
  { title: 'Fast Mobility', text: 'Apply from any device in minutes and get a decision the same day.', icon: 'bolt' },
  { title: 'Term Loan', text: 'Fixed terms from 6 to 24 months for up to $1,000,000.', icon: 'document' },
  { title: 'Easy Experience', text: 'One short application, no paperwork hassles and no tax returns.', icon: 'smile' },
  {
    title: 'Safe and Protected',
    text: 'Bank-level encryption keeps your business and personal data private.',
    icon: 'shield',
  },
  { title: 'Worldwide Locations', text: 'A national team serving business owners in all 50 states.', icon: 'globe' },
  { title: 'One Term Fees', text: 'One transparent, single-term fee. No hidden costs, no surprises.', icon: 'tag' },
  { title: 'Merchant Payment', text: 'Merchant cash advances repaid from your future sales.', icon: 'card' },
  { title: 'Growth Focus', text: 'Capital for inventory, hiring, equipment and new locations.', icon: 'trending' },
];

export const STATS = [
  { value: '50', label: 'States' },
  { value: '10K+', label: 'Total Business Served' },
  { value: '$1B+', label: 'Funding Deployed' },
  { value: '10+', label: 'Years Experience' },
  { value: '99%', label: 'Success Rate' },
] as const;

export const REQUIREMENTS: { title: string; text: string; icon: IconName }[] = [
  { title: 'FICO 550+', text: 'Credit scores from 550 qualify. We only run a soft inquiry.', icon: 'chart' },
  {
    title: '3 Months of Bank Statements',
    text: 'Your last three months of business bank statements.',
    icon: 'document',
  },
  { title: '1+ Year in Business', text: 'Operating for over one year.', icon: 'briefcase' },
  { title: '$10K+ Monthly Revenue', text: 'At least $10,000 in monthly revenue.', icon: 'dollar' },
];

export const STEPS_TO_CASH = [
  {
    title: 'Get Pre-Approved',
    text: 'Answer a few questions and upload your bank statements. Verification takes 4-5 minutes.',
  },
  { title: 'Select Your Terms', text: 'Pick the amount, term and payment schedule that fit your cash flow.' },
  { title: 'Receive Funding', text: 'Sign your agreement and receive funds in your account within 24 hours.' },
] as const;

export const FUND_ANYTHING: { title: string; icon: IconName }[] = [
  { title: 'Inventory', icon: 'box' },
  { title: 'Equipment', icon: 'tool' },
  { title: 'Payroll', icon: 'users' },
  { title: 'Marketing', icon: 'megaphone' },
  { title: 'Expansion', icon: 'store' },
  { title: 'Renovations', icon: 'home' },
  { title: 'Debt Consolidation', icon: 'layers' },
  { title: 'Working Capital', icon: 'wallet' },
];

export const TESTIMONIALS = [
  {
    quote:
      'We were approved the same afternoon and had the funds for our second truck two days later. The fee was exactly what they quoted.',
    name: 'Marisol Vega',
    business: 'Vega Family Tacos, Phoenix AZ',
  },
  {
    quote:
      `The bank wanted tax returns and ninety days. ${lender.brandName} looked at our statements and gave us working capital before the holiday rush.`,
    name: 'Derek Holloway',
    business: 'Holloway Hardware, Columbus OH',
  },
  {
    quote:
      'Consolidating three advances into one payment freed up cash every week. Our advisor explained every number.',
    name: 'Priya Raman',
    business: 'Lotus Dental Studio, Raleigh NC',
  },
  {
    quote:
      'The application took ten minutes on my phone. We used the line of credit to stock up for our busiest season.',
    name: 'Tom Brenner',
    business: 'Brenner Outdoor Supply, Boise ID',
  },
] as const;
