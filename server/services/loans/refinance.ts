import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { loans, refinanceRequests, users } from '../../../drizzle/schema/index';
import type { CreateRefinanceRequestInput, RefinanceRequestDto } from '../../../src/shared/schemas/client';
import type { Db } from '../../db';
import { asUtcDate } from '../../lib/dates';
import { newId } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';
import { LOAN_NOT_FOUND } from './loan-details';

export const REFINANCE_ALREADY_OPEN =
  'You already have an open refinance request for this loan. We will be in touch soon.';
export const REFINANCE_SUBMITTED =
  'Your refinance request has been sent. A representative will reach out within 24 hours.';

/**
 * "Request Refinancing" (docs/product.md 5): a refinance_requests row staff see in their Refinancing tab. The loan,
 * when named, must be the client's own (404 otherwise). One open request per loan (or one general request):
 * the user row lock makes a double submit create one row.
 */
export async function createRefinanceRequest(
  db: Db,
  io: { ip: string },
  userId: string,
  input: CreateRefinanceRequestInput,
): Promise<{ success: true; message: string; request: RefinanceRequestDto }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (input.loanId) {
      const [loan] = await tx
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.id, input.loanId), eq(loans.userId, userId)))
        .limit(1);
      if (!loan) throw new AppError('NOT_FOUND', LOAN_NOT_FOUND);
    }
    const [open] = await tx
      .select({ id: refinanceRequests.id })
      .from(refinanceRequests)
      .where(
        and(
          eq(refinanceRequests.userId, userId),
          input.loanId ? eq(refinanceRequests.loanId, input.loanId) : isNull(refinanceRequests.loanId),
          ne(refinanceRequests.status, 'closed'),
        ),
      )
      .limit(1);
    if (open) throw new AppError('CONFLICT', REFINANCE_ALREADY_OPEN);
    const createdAt = new Date();
    const row = {
      id: newId(),
      userId,
      loanId: input.loanId ?? null,
      requestedAmountCents: input.requestedAmount === undefined ? null : input.requestedAmount * 100,
      reason: input.reason,
      status: 'open' as const,
      createdAt,
    };
    await tx.insert(refinanceRequests).values(row);
    await recordAudit(tx, {
      actorId: userId,
      actorRole: 'client',
      action: 'refinance.request',
      targetType: 'refinance_request',
      targetId: row.id,
      ip: io.ip,
      detail: { loanId: row.loanId },
    });
    return {
      success: true as const,
      message: REFINANCE_SUBMITTED,
      request: {
        id: row.id,
        loanId: row.loanId,
        requestedAmount: input.requestedAmount ?? null,
        reason: row.reason,
        status: row.status,
        createdAt,
      },
    };
  });
}

/** The client's own refinance requests, newest first. */
export async function listRefinanceRequests(db: Db, userId: string): Promise<RefinanceRequestDto[]> {
  const rows = await db
    .select({
      id: refinanceRequests.id,
      loanId: refinanceRequests.loanId,
      requestedAmountCents: refinanceRequests.requestedAmountCents,
      reason: refinanceRequests.reason,
      status: refinanceRequests.status,
      createdAt: refinanceRequests.createdAt,
    })
    .from(refinanceRequests)
    .where(eq(refinanceRequests.userId, userId))
    .orderBy(desc(refinanceRequests.createdAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    loanId: row.loanId,
    requestedAmount: row.requestedAmountCents === null ? null : Math.round(row.requestedAmountCents / 100),
    reason: row.reason,
    status: row.status,
    createdAt: asUtcDate(row.createdAt),
  }));
}
