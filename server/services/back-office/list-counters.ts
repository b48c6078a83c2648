// The counts the database keeps for the back-office lists: users.application_count and active_application_count,
// loans.paid_cents (migration 0005) and the per-status totals (status-totals.ts), maintained by triggers. These
// statements set them from the rows themselves, as the migrations did for the rows they found: for bulk loads that
// write rows in an order the triggers cannot follow (drizzle/seed.ts writes payments before their loan when its
// buffers fill that way).
import { ACTIVE_APPLICATION_STATUSES } from './applicants';
import { RECOUNT_STATUS_TOTALS_SQL } from './status-totals';

const ACTIVE_IN = ACTIVE_APPLICATION_STATUSES.map((status) => `'${status}'`).join(', ');

export const RECOUNT_LIST_COUNTERS_SQL = [
  `UPDATE users AS u
     LEFT JOIN (SELECT user_id, COUNT(*) AS total, SUM(status IN (${ACTIVE_IN})) AS active
                  FROM applications WHERE user_id IS NOT NULL GROUP BY user_id) AS c ON c.user_id = u.id
      SET u.application_count = COALESCE(c.total, 0), u.active_application_count = COALESCE(c.active, 0)`,
  `UPDATE loans AS l
     LEFT JOIN (SELECT loan_id, SUM(amount_cents) AS paid FROM loan_payments GROUP BY loan_id) AS p ON p.loan_id = l.id
      SET l.paid_cents = COALESCE(p.paid, 0)`,
  // After the loans' paid totals: the per-status totals sum them.
  ...RECOUNT_STATUS_TOTALS_SQL,
];
