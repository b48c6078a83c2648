// The assistant's knowledge: the site's own product facts (the public pages and the signed-in areas), nothing else. Keywords are matched on whole words of the lower-cased question;
// a multi-word keyword weighs as many words as it has, so "line of credit" beats "credit".

export type Topic = { id: string; keywords: readonly string[]; answer: string };

export const CONTACT_HOURS = 'Monday-Friday 8:00 AM - 7:00 PM EST';

export const FALLBACK_ANSWER =
  "I'm not sure I can answer that one here. You can start an application at /apply, or reach our team " +
  `at /contact (${CONTACT_HOURS}). I can help with funding amounts, terms, requirements, timing, ` +
  'documents, products and rates.';

export const TOPICS: readonly Topic[] = [
  {
    id: 'term-loan',
    keywords: ['term loan', 'term loans'],
    answer:
      'Our Term Loan offers up to $1,000,000 with terms of 6-24 months, a single transparent term fee and no ' +
      'application fees. Apply at /apply.',
  },
  {
    id: 'consolidation',
    keywords: ['consolidation', 'consolidate', 'consolidating', 'debt', 'mca positions', 'refinance', 'refinancing'],
    answer:
      'Debt Consolidation combines your existing advance positions into one payment: a custom amount based on ' +
      'what you consolidate, 6-18 month terms, and savings of up to 60%.',
  },
  {
    id: 'merchant-cash-advance',
    keywords: ['merchant cash advance', 'cash advance', 'mca', 'bridge', 'bridge loan', 'advance'],
    answer:
      'Our Bridge / Merchant Cash Advance loan provides up to $500,000 with terms up to 24 months, repaid in ' +
      'fixed weekly payments.',
  },
  {
    id: 'line-of-credit',
    keywords: ['line of credit', 'credit line', 'revolving', 'loc'],
    answer:
      'The Revolving Line of Credit provides up to $250,000 with terms up to 24 months. It needs over three ' +
      'years in business and at least $50,000 in monthly revenue.',
  },
  {
    id: 'amounts',
    keywords: [
      'how much',
      'amount',
      'amounts',
      'maximum',
      'max',
      'minimum',
      'borrow',
      'up to',
      'limit',
      'million',
      'largest',
      'smallest',
      'funding amount',
    ],
    answer:
      'We fund from $10,000 up to $5,000,000. By product: Term Loan up to $1,000,000; Bridge / Merchant Cash ' +
      'Advance up to $500,000; Revolving Line of Credit up to $250,000; Debt Consolidation is a custom amount.',
  },
  {
    id: 'terms',
    keywords: ['term', 'terms', 'months', 'length', 'duration', 'repay', 'repayment', 'payback', 'pay back'],
    answer:
      'Terms depend on the product: Term Loan 6-24 months; Debt Consolidation 6-18 months; Bridge / Merchant ' +
      'Cash Advance up to 24 months; Revolving Line of Credit up to 24 months.',
  },
  {
    id: 'payments',
    keywords: ['weekly', 'daily', 'payment', 'payments', 'installment', 'installments', 'schedule'],
    answer:
      'Repayment follows a fixed schedule set out in your offer. Merchant cash advance offers show the purchase ' +
      'amount, the factor rate and a fixed weekly payment over the term (for example 36 weeks).',
  },
  {
    id: 'rates',
    keywords: ['rate', 'rates', 'interest', 'factor', 'factor rate', 'apr', 'cost', 'fee', 'fees', 'price', 'pricing'],
    answer:
      'Offers use a factor rate, typically 1.25 - 1.45, with one transparent term fee. There are no application ' +
      'fees, and checking your options is a soft credit inquiry only.',
  },
  {
    id: 'requirements',
    keywords: [
      'requirement',
      'requirements',
      'require',
      'qualify',
      'qualification',
      'eligible',
      'eligibility',
      'criteria',
      'credit score',
      'fico',
      'credit',
      'revenue',
      'time in business',
      'years in business',
    ],
    answer:
      'To qualify you need a FICO score of 550+, over one year in business, at least $10,000 in monthly revenue ' +
      'and your last three months of bank statements. Only a soft credit inquiry is made, and no tax returns ' +
      'are needed.',
  },
  {
    id: 'timing',
    keywords: [
      'how long',
      'how fast',
      'how soon',
      'fast',
      'quick',
      'quickly',
      'soon',
      'timing',
      'when',
      'same day',
      'today',
      'wait',
      'days',
      'hours',
      'approval',
    ],
    answer:
      'Approval is same-day, usually within minutes (verification takes about 4-5 minutes). Funds are deposited ' +
      'within 24-48 hours of document completion, and a representative reaches out within 24 hours.',
  },
  {
    id: 'documents',
    keywords: [
      'document',
      'documents',
      'docs',
      'paperwork',
      'statement',
      'statements',
      'bank statement',
      'bank statements',
      'license',
      'licence',
      'drivers license',
      'voided check',
      'check',
      'upload',
      'tax return',
      'tax returns',
    ],
    answer:
      "You need your last three months of bank statements (up to 4 files), a driver's license and a voided " +
      'check. Files may be PDF or images, up to 10MB each. No tax returns are required.',
  },
  {
    id: 'products',
    keywords: ['product', 'products', 'options', 'offer', 'loan types', 'types of loans', 'financing', 'loan', 'loans'],
    answer:
      'We offer four products: Term Loan (up to $1,000,000, 6-24 months); Debt Consolidation (custom amount, ' +
      '6-18 months, savings of up to 60%); Bridge / Merchant Cash Advance (up to $500,000, up to 24 months); and ' +
      'a Revolving Line of Credit (up to $250,000, up to 24 months).',
  },
  {
    id: 'apply',
    keywords: ['apply', 'application', 'applying', 'get started', 'sign up', 'start'],
    answer:
      "You can apply online at /apply in six short steps. It's free, it does not affect your credit score, and " +
      'you get an automated decision right away.',
  },
  {
    id: 'contact',
    keywords: ['contact', 'phone', 'call', 'email', 'talk', 'human', 'agent', 'representative', 'support', 'office'],
    answer: `You can reach our team through /contact, ${CONTACT_HOURS}. A representative reaches out within 24 hours.`,
  },
  {
    id: 'coverage',
    keywords: ['state', 'states', 'nationwide', 'location', 'locations', 'where'],
    answer: 'We serve businesses in all 50 states.',
  },
  {
    // Last, so a greeting that also asks something gets the answer.
    id: 'greeting',
    keywords: ['hello', 'hi', 'hey', 'good morning', 'good afternoon', 'good evening', 'greetings', 'howdy'],
    answer:
      "Hello! I'm the Summit Funding assistant. Ask me about funding amounts, terms, requirements, timing, " +
      'documents, products or rates.',
  },
];
