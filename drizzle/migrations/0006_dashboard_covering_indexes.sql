-- Covering indexes for the dashboard's aggregates: collections this month and the outstanding balance are
-- read from index ranges instead of a row per payment or loan. The new payment index comes before the old one goes.
CREATE INDEX `loan_payments_paid_amount_idx` ON `loan_payments` (`paid_on`,`amount_cents`);--> statement-breakpoint
DROP INDEX `loan_payments_paid_idx` ON `loan_payments`;--> statement-breakpoint
CREATE INDEX `loans_status_amounts_idx` ON `loans` (`status`,`purchased_amount_cents`,`paid_cents`);
