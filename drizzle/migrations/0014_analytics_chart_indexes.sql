-- Analytics charts (docs/product.md, Analytics): each weekly figure is a range of one covering index.
-- Decisions per week, approvals among them and the time each took: decided_at ranges with status and created_at.
CREATE INDEX `applications_decided_status_idx` ON `applications` (`decided_at`, `status`, `created_at`);
--> statement-breakpoint
-- Funded volume per week: funded_at ranges with the principal.
CREATE INDEX `loans_funded_amount_idx` ON `loans` (`funded_at`, `principal_cents`);
