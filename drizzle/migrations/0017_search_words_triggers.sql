-- Search by any word (docs/architecture.md, "Search by any word"): the lists found only rows whose business, owner or
-- email started with the term ("Bakery" found nothing in "Main Street Bakery LLC"). search_words holds one row per
-- distinct word of each application (business name, owner name, email) and each client account (first and last
-- name, email, business), written by these triggers in the same transaction as the record. A word is a run of
-- letters and digits, lowercased, two or more long, at most 32 kept. search_words_json turns a text into its words
-- as a JSON array, read back as rows with JSON_TABLE.
CREATE FUNCTION `search_words_json`(`source` text) RETURNS text CHARSET utf8mb4 DETERMINISTIC NO SQL
  RETURN CONCAT('["', REPLACE(TRIM(REGEXP_REPLACE(LOWER(`source`), '[^\\p{L}\\p{N}]+', ' ')), ' ', '","'), '"]');
--> statement-breakpoint
CREATE TRIGGER `applications_words_insert` AFTER INSERT ON `applications` FOR EACH ROW
  INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`)
  SELECT 'application', NEW.`id`, LEFT(j.`word`, 32), NEW.`created_at`
    FROM JSON_TABLE(`search_words_json`(CONCAT_WS(' ', NEW.`business_name`, NEW.`owner_name`, NEW.`email`)),
                    '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
   WHERE CHAR_LENGTH(j.`word`) >= 2;
--> statement-breakpoint
CREATE TRIGGER `applications_words_update` AFTER UPDATE ON `applications` FOR EACH ROW
BEGIN
  IF NOT (OLD.`business_name` <=> NEW.`business_name` AND OLD.`owner_name` <=> NEW.`owner_name`
          AND OLD.`email` <=> NEW.`email` AND OLD.`created_at` <=> NEW.`created_at` AND OLD.`id` <=> NEW.`id`) THEN
    DELETE FROM `search_words` WHERE `kind` = 'application' AND `record_id` = OLD.`id`;
    INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`)
    SELECT 'application', NEW.`id`, LEFT(j.`word`, 32), NEW.`created_at`
      FROM JSON_TABLE(`search_words_json`(CONCAT_WS(' ', NEW.`business_name`, NEW.`owner_name`, NEW.`email`)),
                      '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
     WHERE CHAR_LENGTH(j.`word`) >= 2;
  END IF;
END;
--> statement-breakpoint
CREATE TRIGGER `applications_words_delete` AFTER DELETE ON `applications` FOR EACH ROW
  DELETE FROM `search_words` WHERE `kind` = 'application' AND `record_id` = OLD.`id`;
--> statement-breakpoint
CREATE TRIGGER `users_words_insert` AFTER INSERT ON `users` FOR EACH ROW
  INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`)
  SELECT 'applicant', NEW.`id`, LEFT(j.`word`, 32), NEW.`created_at`
    FROM JSON_TABLE(`search_words_json`(CONCAT_WS(' ', NEW.`first_name`, NEW.`last_name`, NEW.`email`, NEW.`business_name`)),
                    '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
   WHERE NEW.`role` = 'client' AND CHAR_LENGTH(j.`word`) >= 2;
--> statement-breakpoint
CREATE TRIGGER `users_words_update` AFTER UPDATE ON `users` FOR EACH ROW
BEGIN
  IF NOT (OLD.`first_name` <=> NEW.`first_name` AND OLD.`last_name` <=> NEW.`last_name` AND OLD.`email` <=> NEW.`email`
          AND OLD.`business_name` <=> NEW.`business_name` AND OLD.`role` <=> NEW.`role`
          AND OLD.`created_at` <=> NEW.`created_at` AND OLD.`id` <=> NEW.`id`) THEN
    DELETE FROM `search_words` WHERE `kind` = 'applicant' AND `record_id` = OLD.`id`;
    INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`)
    SELECT 'applicant', NEW.`id`, LEFT(j.`word`, 32), NEW.`created_at`
      FROM JSON_TABLE(`search_words_json`(CONCAT_WS(' ', NEW.`first_name`, NEW.`last_name`, NEW.`email`, NEW.`business_name`)),
                      '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
     WHERE NEW.`role` = 'client' AND CHAR_LENGTH(j.`word`) >= 2;
  END IF;
END;
--> statement-breakpoint
CREATE TRIGGER `users_words_delete` AFTER DELETE ON `users` FOR EACH ROW
  DELETE FROM `search_words` WHERE `kind` = 'applicant' AND `record_id` = OLD.`id`;
--> statement-breakpoint
-- The rows already there.
INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`)
SELECT 'application', a.`id`, LEFT(j.`word`, 32), a.`created_at`
  FROM `applications` AS a,
       JSON_TABLE(`search_words_json`(CONCAT_WS(' ', a.`business_name`, a.`owner_name`, a.`email`)),
                  '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
 WHERE CHAR_LENGTH(j.`word`) >= 2;
--> statement-breakpoint
INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`)
SELECT 'applicant', u.`id`, LEFT(j.`word`, 32), u.`created_at`
  FROM `users` AS u,
       JSON_TABLE(`search_words_json`(CONCAT_WS(' ', u.`first_name`, u.`last_name`, u.`email`, u.`business_name`)),
                  '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
 WHERE u.`role` = 'client' AND CHAR_LENGTH(j.`word`) >= 2;
--> statement-breakpoint
-- Prefix keys: a word's first 2, 3, 4, 6 and 9 characters, each indexed with the lists' order. A term is one equality
-- on the longest key it covers, so its words come newest first and a page stops after its rows (read from the index
-- alone: the primary key's record_id and word ride along in every entry).
ALTER TABLE `search_words`
  ADD COLUMN `key2` varchar(2) AS (LEFT(`word`, 2)) VIRTUAL,
  ADD COLUMN `key3` varchar(3) AS (LEFT(`word`, 3)) VIRTUAL,
  ADD COLUMN `key4` varchar(4) AS (LEFT(`word`, 4)) VIRTUAL,
  ADD COLUMN `key6` varchar(6) AS (LEFT(`word`, 6)) VIRTUAL,
  ADD COLUMN `key9` varchar(9) AS (LEFT(`word`, 9)) VIRTUAL,
  ADD INDEX `search_words_key2_idx` (`kind`, `key2`, `created_at`, `record_id`),
  ADD INDEX `search_words_key3_idx` (`kind`, `key3`, `created_at`, `record_id`),
  ADD INDEX `search_words_key4_idx` (`kind`, `key4`, `created_at`, `record_id`),
  ADD INDEX `search_words_key6_idx` (`kind`, `key6`, `created_at`, `record_id`),
  ADD INDEX `search_words_key9_idx` (`kind`, `key9`, `created_at`, `record_id`);
