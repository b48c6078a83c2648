-- A search's walk is over the driving word's index entries; every other test costs a lookup per candidate
-- (docs/architecture.md, "Search by any word"). Two things each record's word rows now also carry, kept by the same
-- triggers in the same transaction, and read from the walked entries:
--   sig4:  one of 32 bits per distinct four-character word start (CRC32 of it), every bit for a start that is not
--          plain lowercase ASCII, as sig does for three characters: a record refused by either needs no lookup.
--   facet: the list filters, an application's status and automated decision (search_application_facet), an
--          applicant's active flag, so a filtered search reads no record to test them.
-- On a filled table the indexes are dropped first, the rows given their values, then the indexes built once, sorted.
CREATE FUNCTION `search_word_bit4`(`word` varchar(300)) RETURNS int unsigned DETERMINISTIC NO SQL
  RETURN IF(CHAR_LENGTH(`word`) < 4, 0,
            IF(CAST(LEFT(`word`, 4) AS BINARY) REGEXP '^[a-z0-9]{4}$', 1 << (CRC32(LEFT(`word`, 4)) % 32), 4294967295));
--> statement-breakpoint
-- The places in src/shared/constants.ts's APPLICATION_STATUSES and AI_DECISIONS (drizzle/schema/search-words.ts).
CREATE FUNCTION `search_application_facet`(`status` varchar(16), `ai` varchar(16)) RETURNS tinyint unsigned
  DETERMINISTIC NO SQL
  RETURN 8 * FIELD(`status`, 'pending', 'review', 'approved', 'declined', 'incomplete', 'funded')
         + FIELD(`ai`, 'approved', 'declined', 'review');
--> statement-breakpoint
ALTER TABLE `search_words`
  DROP INDEX `search_words_word_idx`,
  DROP INDEX `search_words_key2_idx`,
  DROP INDEX `search_words_key3_idx`,
  DROP INDEX `search_words_key4_idx`,
  DROP INDEX `search_words_key6_idx`,
  DROP INDEX `search_words_key9_idx`,
  ADD `sig4` int unsigned DEFAULT 0 NOT NULL,
  ADD `facet` tinyint unsigned DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `search_words` AS s
  JOIN (SELECT `kind`, `record_id`, BIT_OR(`search_word_bit4`(`word`)) AS `sig4`
          FROM `search_words` GROUP BY `kind`, `record_id`) AS r
    ON r.`kind` = s.`kind` AND r.`record_id` = s.`record_id`
  LEFT JOIN `applications` AS a ON s.`kind` = 'application' AND a.`id` = s.`record_id`
  LEFT JOIN `users` AS u ON s.`kind` = 'applicant' AND u.`id` = s.`record_id`
   SET s.`sig4` = r.`sig4`,
       s.`facet` = IF(s.`kind` = 'application', COALESCE(`search_application_facet`(a.`status`, a.`ai_approved`), 0),
                      COALESCE(u.`is_active`, 0));
--> statement-breakpoint
ALTER TABLE `search_words`
  ADD INDEX `search_words_word_idx` (`kind`, `word`, `created_at`, `record_id`, `sig`, `sig4`, `facet`),
  ADD INDEX `search_words_key2_idx` (`kind`, `key2`, `created_at`, `record_id`, `sig`, `sig4`, `facet`),
  ADD INDEX `search_words_key3_idx` (`kind`, `key3`, `created_at`, `record_id`, `sig`, `sig4`, `facet`),
  ADD INDEX `search_words_key4_idx` (`kind`, `key4`, `created_at`, `record_id`, `sig`, `sig4`, `facet`),
  ADD INDEX `search_words_key6_idx` (`kind`, `key6`, `created_at`, `record_id`, `sig`, `sig4`, `facet`),
  ADD INDEX `search_words_key9_idx` (`kind`, `key9`, `created_at`, `record_id`, `sig`, `sig4`, `facet`);
--> statement-breakpoint
DROP TRIGGER `applications_words_insert`;
--> statement-breakpoint
DROP TRIGGER `applications_words_update`;
--> statement-breakpoint
DROP TRIGGER `users_words_insert`;
--> statement-breakpoint
DROP TRIGGER `users_words_update`;
--> statement-breakpoint
DROP PROCEDURE `search_words_put`;
--> statement-breakpoint
-- One way a record's words go in, for all four triggers: split the text, sign the record, write its words with its
-- facet.
CREATE PROCEDURE `search_words_put`(`put_kind` varchar(16), `put_id` varchar(36), `source` text,
                                    `put_created_at` datetime, `put_facet` tinyint unsigned)
BEGIN
  DECLARE `words` text DEFAULT `search_words_json`(`source`);
  DECLARE `signature` bigint unsigned DEFAULT 0;
  DECLARE `signature4` int unsigned DEFAULT 0;
  SELECT COALESCE(BIT_OR(`search_word_bit`(LEFT(j.`word`, 32))), 0),
         COALESCE(BIT_OR(`search_word_bit4`(LEFT(j.`word`, 32))), 0) INTO `signature`, `signature4`
    FROM JSON_TABLE(`words`, '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
   WHERE CHAR_LENGTH(j.`word`) >= 2;
  INSERT IGNORE INTO `search_words` (`kind`, `record_id`, `word`, `created_at`, `sig`, `sig4`, `facet`)
  SELECT `put_kind`, `put_id`, LEFT(j.`word`, 32), `put_created_at`, `signature`, `signature4`, `put_facet`
    FROM JSON_TABLE(`words`, '$[*]' COLUMNS (`word` varchar(300) PATH '$')) AS j
   WHERE CHAR_LENGTH(j.`word`) >= 2;
END;
--> statement-breakpoint
CREATE TRIGGER `applications_words_insert` AFTER INSERT ON `applications` FOR EACH ROW
  CALL `search_words_put`('application', NEW.`id`,
                          CONCAT_WS(' ', NEW.`business_name`, NEW.`owner_name`, NEW.`email`), NEW.`created_at`,
                          `search_application_facet`(NEW.`status`, NEW.`ai_approved`));
--> statement-breakpoint
CREATE TRIGGER `applications_words_update` AFTER UPDATE ON `applications` FOR EACH ROW
BEGIN
  IF NOT (OLD.`business_name` <=> NEW.`business_name` AND OLD.`owner_name` <=> NEW.`owner_name`
          AND OLD.`email` <=> NEW.`email` AND OLD.`created_at` <=> NEW.`created_at` AND OLD.`id` <=> NEW.`id`) THEN
    DELETE FROM `search_words` WHERE `kind` = 'application' AND `record_id` = OLD.`id`;
    CALL `search_words_put`('application', NEW.`id`,
                            CONCAT_WS(' ', NEW.`business_name`, NEW.`owner_name`, NEW.`email`), NEW.`created_at`,
                            `search_application_facet`(NEW.`status`, NEW.`ai_approved`));
  ELSEIF NOT (OLD.`status` <=> NEW.`status` AND OLD.`ai_approved` <=> NEW.`ai_approved`) THEN
    UPDATE `search_words` SET `facet` = `search_application_facet`(NEW.`status`, NEW.`ai_approved`)
     WHERE `kind` = 'application' AND `record_id` = NEW.`id`;
  END IF;
END;
--> statement-breakpoint
CREATE TRIGGER `users_words_insert` AFTER INSERT ON `users` FOR EACH ROW
BEGIN
  IF NEW.`role` = 'client' THEN
    CALL `search_words_put`('applicant', NEW.`id`,
                            CONCAT_WS(' ', NEW.`first_name`, NEW.`last_name`, NEW.`email`, NEW.`business_name`),
                            NEW.`created_at`, NEW.`is_active`);
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
                              NEW.`created_at`, NEW.`is_active`);
    END IF;
  ELSEIF NOT (OLD.`is_active` <=> NEW.`is_active`) THEN
    UPDATE `search_words` SET `facet` = NEW.`is_active` WHERE `kind` = 'applicant' AND `record_id` = NEW.`id`;
  END IF;
END;
