-- The prefix keys of migration 0007 (virtual columns and their indexes on applications and users) served the
-- "starts with" search. Search by any word reads search_words (migration search_words_triggers) and no query reads
-- these any more: each index cost a write on every insert and every change of a searched
-- column. Indexes first, then the columns they were built on.
ALTER TABLE `applications`
  DROP INDEX `applications_business_name_key3_idx`,
  DROP INDEX `applications_business_name_key6_idx`,
  DROP INDEX `applications_business_name_key9_idx`,
  DROP INDEX `applications_business_name_key12_idx`,
  DROP INDEX `applications_owner_name_key3_idx`,
  DROP INDEX `applications_owner_name_key6_idx`,
  DROP INDEX `applications_owner_name_key9_idx`,
  DROP INDEX `applications_owner_name_key12_idx`,
  DROP INDEX `applications_email_key3_idx`,
  DROP INDEX `applications_email_key6_idx`,
  DROP INDEX `applications_email_key9_idx`,
  DROP INDEX `applications_email_key12_idx`;
--> statement-breakpoint
ALTER TABLE `applications`
  DROP COLUMN `business_name_key3`,
  DROP COLUMN `business_name_key6`,
  DROP COLUMN `business_name_key9`,
  DROP COLUMN `business_name_key12`,
  DROP COLUMN `owner_name_key3`,
  DROP COLUMN `owner_name_key6`,
  DROP COLUMN `owner_name_key9`,
  DROP COLUMN `owner_name_key12`,
  DROP COLUMN `email_key3`,
  DROP COLUMN `email_key6`,
  DROP COLUMN `email_key9`,
  DROP COLUMN `email_key12`;
--> statement-breakpoint
ALTER TABLE `users`
  DROP INDEX `users_search_full_name_idx`,
  DROP INDEX `users_email_key3_idx`,
  DROP INDEX `users_email_key6_idx`,
  DROP INDEX `users_email_key9_idx`,
  DROP INDEX `users_email_key12_idx`,
  DROP INDEX `users_full_name_key3_idx`,
  DROP INDEX `users_full_name_key6_idx`,
  DROP INDEX `users_full_name_key9_idx`,
  DROP INDEX `users_full_name_key12_idx`,
  DROP INDEX `users_last_name_key3_idx`,
  DROP INDEX `users_last_name_key6_idx`,
  DROP INDEX `users_last_name_key9_idx`,
  DROP INDEX `users_last_name_key12_idx`,
  DROP INDEX `users_business_name_key3_idx`,
  DROP INDEX `users_business_name_key6_idx`,
  DROP INDEX `users_business_name_key9_idx`,
  DROP INDEX `users_business_name_key12_idx`;
--> statement-breakpoint
ALTER TABLE `users`
  DROP COLUMN `email_key3`,
  DROP COLUMN `email_key6`,
  DROP COLUMN `email_key9`,
  DROP COLUMN `email_key12`,
  DROP COLUMN `full_name_key3`,
  DROP COLUMN `full_name_key6`,
  DROP COLUMN `full_name_key9`,
  DROP COLUMN `full_name_key12`,
  DROP COLUMN `last_name_key3`,
  DROP COLUMN `last_name_key6`,
  DROP COLUMN `last_name_key9`,
  DROP COLUMN `last_name_key12`,
  DROP COLUMN `business_name_key3`,
  DROP COLUMN `business_name_key6`,
  DROP COLUMN `business_name_key9`,
  DROP COLUMN `business_name_key12`,
  DROP COLUMN `full_name`;
