import { and, eq, ne } from 'drizzle-orm';
import { loanPayments, loanSchedule, loans } from '../../../drizzle/schema/index';
import type { DbOrTx } from '../../db';
import { todayIso } from '../../lib/dates';
import { deriveLoanState, isOnTimePayment, type LoanState } from './schedule';
import { recordRewardEvent } from '../rewards/index';

export type RecordedPayment = { id: string; amountCents: number; paidOn: string };
export type LoanPaymentEffects = { onTime: boolean; paidOff: boolean; state: LoanState };

/**
 * What a recorded payment means for the client (docs/product.md 5): call it inside the back office's transaction,
 * right after inserting the loan_payments row. It
 * - records `payment_on_time` reward progress when the payment completes the installment that was next, on or
 *   before its due date (see isOnTimePayment);
 * - when the payment brings the balance to zero, sets loans.status to 'paid_off' and records `loan_paid_off`
 *   (once per loan: a loan already marked paid off is not counted again);
 * - returns the loan's derived state after the payment.
 * It locks the loan row, so payments recorded concurrently on one loan are judged one after the other.
 */
export async function recordLoanPaymentEffects(
  tx: DbOrTx,
  loanId: string,
  payment: RecordedPayment,
): Promise<LoanPaymentEffects> {
  const [loan] = await tx
    .select({ id: loans.id, userId: loans.userId, status: loans.status })
    .from(loans)
    .where(eq(loans.id, loanId))
    .limit(1)
    .for('update');
  if (!loan) throw new Error(`recordLoanPaymentEffects: loan ${loanId} does not exist`);
  const [schedule, earlier] = await Promise.all([
    tx
      .select({ seq: loanSchedule.seq, dueDate: loanSchedule.dueDate, amountCents: loanSchedule.amountCents })
      .from(loanSchedule)
      .where(eq(loanSchedule.loanId, loan.id)),
    tx
      .select({ amountCents: loanPayments.amountCents, paidOn: loanPayments.paidOn })
      .from(loanPayments)
      .where(and(eq(loanPayments.loanId, loan.id), ne(loanPayments.id, payment.id))),
  ]);
  const onTime = isOnTimePayment({ schedule, earlier, payment });
  const state = deriveLoanState({ schedule, payments: [...earlier, payment], today: todayIso() });
  const paidOff = state.balanceCents === 0 && loan.status !== 'paid_off';
  if (onTime) await recordRewardEvent(tx, loan.userId, 'payment_on_time');
  if (paidOff) {
    await tx.update(loans).set({ status: 'paid_off' }).where(eq(loans.id, loan.id));
    await recordRewardEvent(tx, loan.userId, 'loan_paid_off');
  }
  return { onTime, paidOff, state: paidOff ? { ...state, status: 'paid_off' } : state };
}
