// What each underwriting figure the applicant sees means, in an owner's words (docs/product.md 4). One list for the
// wizard's decision screen and the client portal; the numbers themselves come from the engine.

export const UNDERWRITING_WORDS = {
  factorRate:
    'The factor rate is the fixed cost of the advance: a factor rate of 1.35 means you repay $1.35 for every $1.00 advanced, however fast your payments go.',
  purchaseAmount:
    'The purchase amount is the total you repay: the advance times the factor rate. You sell us that much of your future revenue; it is not a loan with interest.',
  estimatedApr: 'The estimated APR is the same cost as a yearly rate, to compare with loans and other offers.',
  averageMonthlyRevenue: 'The money coming into your account each month from sales, not transfers or loans.',
  healthScore: 'How healthy your account looks, out of 100: balances, overdrafts and bounced payments.',
  consistency: 'How even your revenue is from month to month.',
  cashFlowTrend: 'Whether your revenue is growing, stable or falling over the statements.',
  riskLevel: 'Our overall view of the risk. It sets the factor rate, the term and the largest amount we can offer.',
  confidence: 'How much of this decision rests on figures we could verify from your statements.',
} as const;

/** Shown where revenue could not be verified from bank statements. */
export const REVENUE_NOT_VERIFIED = 'Not verified from your bank statements';
