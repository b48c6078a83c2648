-- Two common search words that rarely meet (a first name and a business word at a million applications) made a page
-- walk ~1,400 words of the rarer one and look up the other word on each (docs/architecture.md, "Search by any word").
-- Each record now carries a signature on all its rows: one of 64 bits per distinct three-character word start (CRC32 of
-- it), every bit for a start that is not plain lowercase ASCII (the collation may equate it with an ASCII start). A
-- record whose signature lacks a search word's bit cannot match it, and the walked index entries carry the signature,
-- so most candidates are refused without a lookup. The signature is kept by the same triggers, in the same transaction.
CREATE FUNCTION `search_word_bit`(`word` varchar(300)) RETURNS bigint unsigned DETERMINISTIC NO SQL
  RETURN IF(CHAR_LENGTH(`word`) < 3, 0,
            IF(CAST(LEFT(`word`, 3) AS BINARY) REGEXP '^[a-z0-9]{3}$', 1 << (CRC32(LEFT(`word`, 3)) % 64),
               18446744073709551615));
--> statement-breakpoint
-- One rebuild: the column, and the indexes a search walks extended by it (entries keep their order).
ALTER TABLE `search_words`
  ADD COLUMN `sig` bigint unsigned DEFAULT 0 NOT NULL,
  DROP INDEX `search_words_word_idx`,
  DROP INDEX `search_words_key2_idx`,
  DROP INDEX `search_words_key3_idx`,
  DROP INDEX `search_words_key4_idx`,
  DROP INDEX `search_words_key6_idx`,
  DROP INDEX `search_words_key9_idx`,
  ADD INDEX `search_words_word_idx` (`kind`, `word`, `created_at`, `record_id`, `sig`),
  ADD INDEX `search_words_key2_idx` (`kind`, `key2`, `created_at`, `record_id`, `sig`),
  ADD INDEX `search_words_key3_idx` (`kind`, `key3`, `created_at`, `record_id`, `sig`),
  ADD INDEX `search_words_key4_idx` (`kind`, `key4`, `created_at`, `record_id`, `sig`),
  ADD INDEX `search_words_key6_idx` (`kind`, `key6`, `created_at`, `record_id`, `sig`),
  ADD INDEX `search_words_key9_idx` (`kind`, `key9`, `created_at`, `record_id`, `sig`);
--> statement-breakpoint
UPDATE `search_words` AS s
  JOIN (SELECT `kind`, `record_id`, BIT_OR(`search_word_bit`(`word`)) AS `sig`
          FROM `search_words` GROUP BY `kind`, `record_id`) AS r
    ON r.`kind` = s.`kind` AND r.`record_id` = s.`record_id`
   SET s.`sig` = r.`sig`;
--> statement-breakpoint
DROP TRIGGER `applications_words_insert`;
--> statement-breakpoint
DROP TRIGGER `applications_words_update`;
--> statement-breakpoint
DROP TRIGGER `users_words_insert`;
--> statement-breakpoint
DROP TRIGGER `users_words_update`;
--> statement-breakpoint
-- One way a record's words go in, for all four triggers: split the text, sign the record, write its words.
CREATE PROCEDURE `search_words_put`(`put_kind` varchar(16), `put_id` varchar(36), `source` text,
                                    `put_created_at` datetime)
BEGIN
  DECLARE `words` text DEFAULT `search_words_json`(`source`);
  DECLARE `signature` bigint unsigned DEFAULT 0;
  SELECT COALESCE(BIT_OR(`search_word_bit`(LEFT(j.`word`, 32))), 0) INTO `signature`
    FROM JSON_TABLE(`words`, '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
   WHERE CHAR_LENGTH(j.`word`) >= 2;
  INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`, `sig`)
  SELECT `put_kind`, `put_id`, LEFT(j.`word`, 32), `put_created_at`, `signature`
    FROM JSON_TABLE(`words`, '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
   WHERE CHAR_LENGTH(j.`word`) >= 2;
END;
--> statement-breakpoint
CREATE TRIGGER `applications_words_insert` AFTER INSERT ON `applications` FOR EACH ROW
  CALL `search_words_put`('application', NEW.`id`,
                          CONCAT_WS(' ', NEW.`business_name`, NEW.`owner_name`, NEW.`email`), NEW.`created_at`);
--> statement-breakpoint
CREATE TRIGGER `applications_words_update` AFTER UPDATE ON `applications` FOR EACH ROW
BEGIN
  IF NOT (OLD.`business_name` <=> NEW.`business_name` AND OLD.`owner_name` <=> NEW.`owner_name`
          AND OLD.`email` <=> NEW.`email` AND OLD.`created_at` <=> NEW.`created_at` AND OLD.`id` <=> NEW.`id`) THEN
    DELETE FROM `search_words` WHERE `kind` = 'application' AND `record_id` = OLD.`id`;
    CALL `search_words_put`('application', NEW.`id`,
                            CONCAT_WS(' ', NEW.`business_name`, NEW.`owner_name`, NEW.`email`), NEW.`created_at`);
  END IF;
END;
--> statement-breakpoint
CREATE TRIGGER `users_words_insert` AFTER INSERT ON `users` FOR EACH ROW
BEGIN
  IF NEW.`role` = 'client' THEN
    CALL `search_words_put`('applicant', NEW.`id`,
                            CONCAT_WS(' ', NEW.`first_name`, NEW.`last_name`, NEW.`email`, NEW.`business_name`),
                            NEW.`created_at`);
  END IF;
END;
--> statement-breakpoint
CREATE TRIGGER `users_words_update` AFTER UPDATE ON `users` FOR EACH ROW
BEGIN
  IF NOT (OLD.`first_name` <=> NEW.`first_name` AND OLD.`last_name` <=> NEW.`last_name` AND OLD.`email` <=> NEW.`email`
          AND OLD.`business_name` <=> NEW.`business_name` AND OLD.`role` <=> NEW.`role`
          AND OLD.`created_at` <=> NEW.`created_at` AND OLD.`id` <=> NEW.`id`) THEN
    DELETE FROM `search_words` WHERE `kind` = 'applicant' AND `record_id` = OLD.`id`;
    IF NEW.`role` = 'client' THEN
      CALL `search_words_put`('applicant', NEW.`id`,
                              CONCAT_WS(' ', NEW.`first_name`, NEW.`last_name`, NEW.`email`, NEW.`business_name`),
                              NEW.`created_at`);
    END IF;
  END IF;
END;
