export { acceptFunding } from './acceptance';
export {
  LOWER_PAYMENT_ALREADY_OPEN,
  LOWER_PAYMENT_NOT_LOWER,
  getClientLoanSchedule,
  getPayoffQuote,
  getRenewal,
  listClientLoans,
  listLoanLowerPaymentRequests,
  listLowerPaymentRequests,
  requestLowerPayment,
} from './loan-details';
export { getClientLoanProgress } from './loan-progress';
export { recordLoanPaymentEffects } from './payment-effects';
export { createRefinanceRequest, listRefinanceRequests } from './refinance';
export { addDays, buildWeeklySchedule, deriveLoanState } from './schedule';
export { getLoanPayments, recordLoanPayment, schedulesOf, toLoanDto, type LoanRow } from './staff-loans';
