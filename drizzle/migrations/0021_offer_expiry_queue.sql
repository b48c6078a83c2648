CREATE INDEX `applications_status_decided_idx` ON `applications` (`status`,`decided_at`,`created_at`);--> statement-breakpoint
-- Offers are valid from their approval (docs/product.md 8.6); a row approved without the time recorded counts from its creation.
UPDATE `applications` SET `decided_at` = `created_at` WHERE `status` = 'approved' AND `decided_at` IS NULL;