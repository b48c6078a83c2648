import { desc, eq } from 'drizzle-orm';
import { applications, loans, refinanceRequests, users } from '../../../drizzle/schema/index';
import type { ServiceDeps } from '../../deps';

export const REFINANCE_LIST_LIMIT = 200;

/** Refinance requests clients made from their dashboard (docs/product.md 5), newest first. */
export async function listRefinanceRequests(deps: Pick<ServiceDeps, 'db'>) {
  const rows = await deps.db
    .select({
      id: refinanceRequests.id,
      userId: refinanceRequests.userId,
      loanId: refinanceRequests.loanId,
      requestedAmountCents: refinanceRequests.requestedAmountCents,
      reason: refinanceRequests.reason,
      status: refinanceRequests.status,
      createdAt: refinanceRequests.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      accountBusiness: users.businessName,
      loanBusiness: applications.businessName,
      principalCents: loans.principalCents,
    })
    .from(refinanceRequests)
    .innerJoin(users, eq(users.id, refinanceRequests.userId))
    .leftJoin(loans, eq(loans.id, refinanceRequests.loanId))
    .leftJoin(applications, eq(applications.id, loans.applicationId))
    .orderBy(desc(refinanceRequests.createdAt), desc(refinanceRequests.id))
    .limit(REFINANCE_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    loanId: row.loanId,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    businessName: row.loanBusiness ?? row.accountBusiness,
    requestedAmount: row.requestedAmountCents === null ? null : row.requestedAmountCents / 100,
    loanPrincipal: row.principalCents === null ? null : row.principalCents / 100,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt,
  }));
}
