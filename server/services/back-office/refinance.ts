import { desc, eq } from 'drizzle-orm';
import { applications, loans, refinanceRequests, users } from '../../../drizzle/schema/index';
import type { AssigneeFilter } from '../../../src/shared/schemas/back-office-work';
import type { ServiceDeps } from '../../deps';

export const REFINANCE_LIST_LIMIT = 200;

/**
 * Refinance requests clients made from their dashboard (docs/product.md 5), newest first. "Mine": the requests on the
 * loans of the viewer's files, read from the assignee's index of applications (a staff member's files are few).
 */
export async function listRefinanceRequests(
  deps: Pick<ServiceDeps, 'db'>,
  filter: { assignee: AssigneeFilter; viewerId?: string } = { assignee: 'all' },
) {
  const mine = filter.assignee === 'mine' ? (filter.viewerId ?? '-') : null;
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
    .where(mine ? eq(applications.assignedTo, mine) : undefined)
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
