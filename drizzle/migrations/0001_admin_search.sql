-- Back office lists at a million applications (docs/performance.md). Every list is a keyset page
-- newest first; search is a prefix match on indexed columns. These covering indexes let a search range
-- be filtered and sorted without reading table rows, and let two filters share one ordered index.
CREATE INDEX `applications_status_ai_created_idx` ON `applications` (`status`, `ai_approved`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `applications_search_business_idx` ON `applications` (`business_name`, `created_at`, `status`, `ai_approved`);
--> statement-breakpoint
CREATE INDEX `applications_search_owner_idx` ON `applications` (`owner_name`, `created_at`, `status`, `ai_approved`);
--> statement-breakpoint
CREATE INDEX `applications_search_email_idx` ON `applications` (`email`, `created_at`, `status`, `ai_approved`);
--> statement-breakpoint
-- A common search term is found by walking newest first until a page is full; this index holds everything the
-- walk tests (filters and the searched columns), so the walk never reads table rows.
CREATE INDEX `applications_search_walk_idx` ON `applications` (`created_at`, `id`, `status`, `ai_approved`, `business_name`, `owner_name`, `email`);
--> statement-breakpoint
-- Dashboard counts and sums per status read from this index alone (a tenth of the table's size).
CREATE INDEX `applications_status_amounts_idx` ON `applications` (`status`, `loan_amount_cents`, `approved_amount_cents`);
--> statement-breakpoint
-- Average time to decision over recent decisions, read from the index alone.
CREATE INDEX `applications_decided_idx` ON `applications` (`decided_at`, `created_at`);
--> statement-breakpoint
-- Applicants list: each account's total and in-progress application counts from the index alone.
CREATE INDEX `applications_user_status_idx` ON `applications` (`user_id`, `status`);
--> statement-breakpoint
CREATE INDEX `users_role_active_created_idx` ON `users` (`role`, `is_active`, `created_at`, `id`);
--> statement-breakpoint
CREATE INDEX `users_search_email_idx` ON `users` (`email`, `role`, `is_active`, `created_at`);
--> statement-breakpoint
-- First name then last name: "Jane Do" is one range.
CREATE INDEX `users_search_first_idx` ON `users` (`first_name`, `last_name`, `role`, `is_active`, `created_at`);
--> statement-breakpoint
CREATE INDEX `users_search_last_idx` ON `users` (`last_name`, `role`, `is_active`, `created_at`);
--> statement-breakpoint
CREATE INDEX `users_search_business_idx` ON `users` (`business_name`, `role`, `is_active`, `created_at`);
--> statement-breakpoint
CREATE INDEX `users_search_walk_idx` ON `users` (`role`, `created_at`, `id`, `is_active`, `first_name`, `last_name`, `email`, `business_name`);
--> statement-breakpoint
-- Active loans list: amount paid per loan summed from the index alone.
CREATE INDEX `loan_payments_loan_amount_idx` ON `loan_payments` (`loan_id`, `amount_cents`);
