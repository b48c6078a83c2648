-- Prefix keys for the back-office searches. A common term ("Cedar", "Gideon") matches thousands of rows, so
-- its page was found by walking the newest-first index past every row that did not match (1,000-2,000 entries a page
-- at 1M applications), or by sorting every match. Each searched column now has virtual columns holding its first 3, 6,
-- 9 and 12 characters, each with an index ordered by (key, created_at, id) that also holds the filters and the column:
-- a term of 3 or more characters is one equality on the longest key it covers, so its matches come newest first and
-- a page stops after its rows, read from the index alone. Virtual columns take no space in the rows; only their
-- indexes are stored (about 80 bytes an entry). One ALTER per table builds its indexes in one pass.
ALTER TABLE `applications`
  ADD COLUMN `business_name_key3` varchar(3) AS (LEFT(`business_name`, 3)) VIRTUAL,
  ADD COLUMN `business_name_key6` varchar(6) AS (LEFT(`business_name`, 6)) VIRTUAL,
  ADD COLUMN `business_name_key9` varchar(9) AS (LEFT(`business_name`, 9)) VIRTUAL,
  ADD COLUMN `business_name_key12` varchar(12) AS (LEFT(`business_name`, 12)) VIRTUAL,
  ADD COLUMN `owner_name_key3` varchar(3) AS (LEFT(`owner_name`, 3)) VIRTUAL,
  ADD COLUMN `owner_name_key6` varchar(6) AS (LEFT(`owner_name`, 6)) VIRTUAL,
  ADD COLUMN `owner_name_key9` varchar(9) AS (LEFT(`owner_name`, 9)) VIRTUAL,
  ADD COLUMN `owner_name_key12` varchar(12) AS (LEFT(`owner_name`, 12)) VIRTUAL,
  ADD COLUMN `email_key3` varchar(3) AS (LEFT(`email`, 3)) VIRTUAL,
  ADD COLUMN `email_key6` varchar(6) AS (LEFT(`email`, 6)) VIRTUAL,
  ADD COLUMN `email_key9` varchar(9) AS (LEFT(`email`, 9)) VIRTUAL,
  ADD COLUMN `email_key12` varchar(12) AS (LEFT(`email`, 12)) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `applications`
  ADD INDEX `applications_business_name_key3_idx` (`business_name_key3`, `created_at`, `id`, `status`, `ai_approved`, `business_name`),
  ADD INDEX `applications_business_name_key6_idx` (`business_name_key6`, `created_at`, `id`, `status`, `ai_approved`, `business_name`),
  ADD INDEX `applications_business_name_key9_idx` (`business_name_key9`, `created_at`, `id`, `status`, `ai_approved`, `business_name`),
  ADD INDEX `applications_business_name_key12_idx` (`business_name_key12`, `created_at`, `id`, `status`, `ai_approved`, `business_name`),
  ADD INDEX `applications_owner_name_key3_idx` (`owner_name_key3`, `created_at`, `id`, `status`, `ai_approved`, `owner_name`),
  ADD INDEX `applications_owner_name_key6_idx` (`owner_name_key6`, `created_at`, `id`, `status`, `ai_approved`, `owner_name`),
  ADD INDEX `applications_owner_name_key9_idx` (`owner_name_key9`, `created_at`, `id`, `status`, `ai_approved`, `owner_name`),
  ADD INDEX `applications_owner_name_key12_idx` (`owner_name_key12`, `created_at`, `id`, `status`, `ai_approved`, `owner_name`),
  ADD INDEX `applications_email_key3_idx` (`email_key3`, `created_at`, `id`, `status`, `ai_approved`, `email`),
  ADD INDEX `applications_email_key6_idx` (`email_key6`, `created_at`, `id`, `status`, `ai_approved`, `email`),
  ADD INDEX `applications_email_key9_idx` (`email_key9`, `created_at`, `id`, `status`, `ai_approved`, `email`),
  ADD INDEX `applications_email_key12_idx` (`email_key12`, `created_at`, `id`, `status`, `ai_approved`, `email`);
--> statement-breakpoint
-- Applicants: the role filter comes right after the key, the active filter after the order. Names are searched as
-- the full name "first last", so "Jane Do" finds Jane Doe through one key, and a first name of two words works too;
-- its range index replaces the first-name one.
ALTER TABLE `users`
  ADD COLUMN `full_name` varchar(201) AS (CONCAT(`first_name`, ' ', `last_name`)) VIRTUAL,
  ADD COLUMN `email_key3` varchar(3) AS (LEFT(`email`, 3)) VIRTUAL,
  ADD COLUMN `email_key6` varchar(6) AS (LEFT(`email`, 6)) VIRTUAL,
  ADD COLUMN `email_key9` varchar(9) AS (LEFT(`email`, 9)) VIRTUAL,
  ADD COLUMN `email_key12` varchar(12) AS (LEFT(`email`, 12)) VIRTUAL,
  ADD COLUMN `full_name_key3` varchar(3) AS (LEFT(`full_name`, 3)) VIRTUAL,
  ADD COLUMN `full_name_key6` varchar(6) AS (LEFT(`full_name`, 6)) VIRTUAL,
  ADD COLUMN `full_name_key9` varchar(9) AS (LEFT(`full_name`, 9)) VIRTUAL,
  ADD COLUMN `full_name_key12` varchar(12) AS (LEFT(`full_name`, 12)) VIRTUAL,
  ADD COLUMN `last_name_key3` varchar(3) AS (LEFT(`last_name`, 3)) VIRTUAL,
  ADD COLUMN `last_name_key6` varchar(6) AS (LEFT(`last_name`, 6)) VIRTUAL,
  ADD COLUMN `last_name_key9` varchar(9) AS (LEFT(`last_name`, 9)) VIRTUAL,
  ADD COLUMN `last_name_key12` varchar(12) AS (LEFT(`last_name`, 12)) VIRTUAL,
  ADD COLUMN `business_name_key3` varchar(3) AS (LEFT(`business_name`, 3)) VIRTUAL,
  ADD COLUMN `business_name_key6` varchar(6) AS (LEFT(`business_name`, 6)) VIRTUAL,
  ADD COLUMN `business_name_key9` varchar(9) AS (LEFT(`business_name`, 9)) VIRTUAL,
  ADD COLUMN `business_name_key12` varchar(12) AS (LEFT(`business_name`, 12)) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `users`
  DROP INDEX `users_search_first_idx`,
  ADD INDEX `users_search_full_name_idx` (`full_name`, `role`, `is_active`, `created_at`),
  ADD INDEX `users_email_key3_idx` (`email_key3`, `role`, `created_at`, `id`, `is_active`, `email`),
  ADD INDEX `users_email_key6_idx` (`email_key6`, `role`, `created_at`, `id`, `is_active`, `email`),
  ADD INDEX `users_email_key9_idx` (`email_key9`, `role`, `created_at`, `id`, `is_active`, `email`),
  ADD INDEX `users_email_key12_idx` (`email_key12`, `role`, `created_at`, `id`, `is_active`, `email`),
  ADD INDEX `users_full_name_key3_idx` (`full_name_key3`, `role`, `created_at`, `id`, `is_active`, `full_name`),
  ADD INDEX `users_full_name_key6_idx` (`full_name_key6`, `role`, `created_at`, `id`, `is_active`, `full_name`),
  ADD INDEX `users_full_name_key9_idx` (`full_name_key9`, `role`, `created_at`, `id`, `is_active`, `full_name`),
  ADD INDEX `users_full_name_key12_idx` (`full_name_key12`, `role`, `created_at`, `id`, `is_active`, `full_name`),
  ADD INDEX `users_last_name_key3_idx` (`last_name_key3`, `role`, `created_at`, `id`, `is_active`, `last_name`),
  ADD INDEX `users_last_name_key6_idx` (`last_name_key6`, `role`, `created_at`, `id`, `is_active`, `last_name`),
  ADD INDEX `users_last_name_key9_idx` (`last_name_key9`, `role`, `created_at`, `id`, `is_active`, `last_name`),
  ADD INDEX `users_last_name_key12_idx` (`last_name_key12`, `role`, `created_at`, `id`, `is_active`, `last_name`),
  ADD INDEX `users_business_name_key3_idx` (`business_name_key3`, `role`, `created_at`, `id`, `is_active`, `business_name`),
  ADD INDEX `users_business_name_key6_idx` (`business_name_key6`, `role`, `created_at`, `id`, `is_active`, `business_name`),
  ADD INDEX `users_business_name_key9_idx` (`business_name_key9`, `role`, `created_at`, `id`, `is_active`, `business_name`),
  ADD INDEX `users_business_name_key12_idx` (`business_name_key12`, `role`, `created_at`, `id`, `is_active`, `business_name`);
