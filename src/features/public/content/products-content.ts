// Literal texts of the products page.

export const PRODUCTS = [
  {
    name: 'Term Loan',
    amount: 'Up to $1,000,000',
    term: '6-24 months',
    text: 'A lump sum with fixed payments for planned investments.',
  },
  {
    name: 'Debt Consolidation',
    amount: 'Custom amount',
    term: '6-18 months',
    text: 'Combine existing advances into one payment and save up to 60%.',
  },
  {
    name: 'Bridge / Merchant Cash Advance',
    amount: 'Up to $500,000',
    term: 'Up to 24 months',
    text: 'Fast capital repaid from future sales to bridge any gap.',
  },
  {
    name: 'Revolving Line of Credit',
    amount: 'Up to $250,000',
    term: 'Up to 24 months',
    text: 'Draw what you need when you need it. For businesses over three years old with at least $50,000 monthly revenue.',
  },
] as const;

export const BANK_COMPARISON = [
  { label: 'FICO Minimum', bank: '700', us: '550' },
  { label: 'Time to Access Capital', bank: '30-60 days', us: '1 day' },
  { label: 'Years in Business', bank: '5+', us: '1+' },
  { label: 'Processing Time', bank: '90 days', us: '1 day' },
  { label: 'Financing Solutions', bank: 'Limited', us: 'Multiple products' },
  { label: 'Tax Returns', bank: 'Required', us: 'Not required' },
  { label: 'Credit Score Impact', bank: 'Hard inquiry', us: 'Soft inquiry only' },
  { label: 'Repayment Schedule', bank: 'Rigid monthly', us: 'Flexible weekly or monthly' },
] as const;

export const FAQ = [
  {
    question: 'How fast can I get funded?',
    answer:
      'Most applications are decided within minutes, and approved businesses usually receive funds within 24 hours.',
  },
  {
    question: 'What do I need to qualify?',
    answer:
      'A FICO score of 550 or higher, over one year in business, at least $10,000 in monthly revenue and your last three months of bank statements.',
  },
  {
    question: 'Will applying affect my credit score?',
    answer: 'No. We only run a soft credit inquiry, which does not affect your credit score.',
  },
  {
    question: 'How much can I borrow?',
    answer:
      'Up to $5,000,000 depending on the product and your revenue: term loans up to $1,000,000, bridge loans up to $500,000 and lines of credit up to $250,000.',
  },
  {
    question: 'Do you require tax returns?',
    answer: 'No. We review your recent bank statements instead of tax returns.',
  },
  {
    question: 'Are there application fees?',
    answer: 'No. Applying is free. If you accept an offer you pay one transparent, single-term fee.',
  },
  {
    question: 'How do repayments work?',
    answer:
      'Payments are fixed and scheduled weekly or monthly, depending on the product. You see every payment before you sign.',
  },
  {
    question: 'Can I pay off early?',
    answer: 'Yes. Talk to your advisor about early payoff options for your product.',
  },
  {
    question: 'How does the AI underwriting work?',
    answer:
      'Our engine reads your bank statements, separates true revenue from transfers and existing financing, and explains the factors behind every decision.',
  },
  {
    question: 'Which states do you serve?',
    answer: 'We serve small businesses in all 50 states.',
  },
  {
    question: 'Is my information secure?',
    answer:
      'Yes. Sensitive data such as your SSN and EIN is encrypted at rest, and only the last four digits are ever shown.',
  },
] as const;
