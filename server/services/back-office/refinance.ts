import { and, eq } from 'drizzle-orm';
import { applications, loans, refinanceRequests, users } from '../../../drizzle/schema/index';
import type { ListRefinanceQuery } from '../../../src/shared/schemas/admin';
import type { ServiceDeps } from '../../deps';
import { keysetOrder, planPage, toPage } from './cursor';

/**
 * Refinance requests clients made from their dashboard (docs/product.md 5), newest first, a keyset page at a time like
 * the other lists (cursor.ts). "Mine": the requests on the loans of the viewer's files.
 */
export async function listRefinanceRequests(
  deps: Pick<ServiceDeps, 'db'>,
  query: ListRefinanceQuery,
  viewerId?: string,
) {
  const plan = planPage(query);
  // "Mine" without a viewer matches nobody rather than everybody.
  const mine = query.assignee === 'mine' ? (viewerId ?? '-') : null;
  const { condition, orderBy } = keysetOrder(
    { createdAt: refinanceRequests.createdAt, id: refinanceRequests.id },
    plan,
  );
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
    .from(refinanceRequests, { forceIndex: 'refinance_requests_created_idx' })
    .innerJoin(users, eq(users.id, refinanceRequests.userId))
    .leftJoin(loans, eq(loans.id, refinanceRequests.loanId))
    .leftJoin(applications, eq(applications.id, loans.applicationId))
    .where(and(mine ? eq(applications.assignedTo, mine) : undefined, condition))
    .orderBy(...orderBy)
    .limit(query.limit + 1)
    .offset(plan.kind === 'after' ? plan.offset : 0);
  const items = rows.map((row) => ({
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
  return toPage(items, plan, query.limit);
}
