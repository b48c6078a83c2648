-- The work queue's facts on the application row (docs/architecture.md, "The work queue"): triggers keep them in the
-- same transaction as every change of the rows they summarise, adding and subtracting; the rare change they cannot
-- add up (a finished OCR job undone, moved or deleted) recounts its one application. Cascaded deletes fire no
-- triggers in MariaDB, but they only happen with the application itself.
CREATE TRIGGER `document_requests_queue_insert` AFTER INSERT ON `document_requests` FOR EACH ROW
BEGIN
  IF NEW.`status` = 'received' THEN
    UPDATE `applications` SET `documents_received` = `documents_received` + 1 WHERE `id` = NEW.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `document_requests_queue_update` AFTER UPDATE ON `document_requests` FOR EACH ROW
BEGIN
  IF OLD.`status` <> NEW.`status` OR OLD.`application_id` <> NEW.`application_id` THEN
    IF OLD.`status` = 'received' THEN
      UPDATE `applications` SET `documents_received` = `documents_received` - 1 WHERE `id` = OLD.`application_id`;
    END IF;
    IF NEW.`status` = 'received' THEN
      UPDATE `applications` SET `documents_received` = `documents_received` + 1 WHERE `id` = NEW.`application_id`;
    END IF;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `document_requests_queue_delete` AFTER DELETE ON `document_requests` FOR EACH ROW
BEGIN
  IF OLD.`status` = 'received' THEN
    UPDATE `applications` SET `documents_received` = `documents_received` - 1 WHERE `id` = OLD.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `ocr_jobs_queue_insert` AFTER INSERT ON `ocr_jobs` FOR EACH ROW
BEGIN
  IF NEW.`status` = 'done' AND NEW.`finished_at` IS NOT NULL THEN
    UPDATE `applications` SET `ocr_finished_at` = GREATEST(COALESCE(`ocr_finished_at`, NEW.`finished_at`), NEW.`finished_at`)
     WHERE `id` = NEW.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `ocr_jobs_queue_update` AFTER UPDATE ON `ocr_jobs` FOR EACH ROW
BEGIN
  IF (OLD.`status` = 'done' OR NEW.`status` = 'done') AND (OLD.`status` <> NEW.`status`
      OR NOT (OLD.`finished_at` <=> NEW.`finished_at`) OR OLD.`application_id` <> NEW.`application_id`) THEN
    IF OLD.`status` <> 'done' AND NEW.`finished_at` IS NOT NULL THEN
      -- A job finishing: the common case.
      UPDATE `applications` SET `ocr_finished_at` = GREATEST(COALESCE(`ocr_finished_at`, NEW.`finished_at`), NEW.`finished_at`)
       WHERE `id` = NEW.`application_id`;
    ELSE
      UPDATE `applications` SET `ocr_finished_at` = (SELECT MAX(`finished_at`) FROM `ocr_jobs`
        WHERE `application_id` = NEW.`application_id` AND `status` = 'done') WHERE `id` = NEW.`application_id`;
    END IF;
    IF OLD.`application_id` <> NEW.`application_id` THEN
      UPDATE `applications` SET `ocr_finished_at` = (SELECT MAX(`finished_at`) FROM `ocr_jobs`
        WHERE `application_id` = OLD.`application_id` AND `status` = 'done') WHERE `id` = OLD.`application_id`;
    END IF;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `ocr_jobs_queue_delete` AFTER DELETE ON `ocr_jobs` FOR EACH ROW
BEGIN
  IF OLD.`status` = 'done' THEN
    UPDATE `applications` SET `ocr_finished_at` = (SELECT MAX(`finished_at`) FROM `ocr_jobs`
      WHERE `application_id` = OLD.`application_id` AND `status` = 'done') WHERE `id` = OLD.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `underwriting_results_queue_insert` AFTER INSERT ON `underwriting_results` FOR EACH ROW
BEGIN
  IF NEW.`statements_unreconciled` THEN
    UPDATE `applications` SET `statements_unreconciled` = TRUE WHERE `id` = NEW.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `underwriting_results_queue_update` AFTER UPDATE ON `underwriting_results` FOR EACH ROW
BEGIN
  IF NOT (OLD.`statements_unreconciled` <=> NEW.`statements_unreconciled`) OR OLD.`application_id` <> NEW.`application_id` THEN
    IF OLD.`application_id` <> NEW.`application_id` THEN
      UPDATE `applications` SET `statements_unreconciled` = FALSE WHERE `id` = OLD.`application_id`;
    END IF;
    UPDATE `applications` SET `statements_unreconciled` = COALESCE(NEW.`statements_unreconciled`, FALSE)
     WHERE `id` = NEW.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `underwriting_results_queue_delete` AFTER DELETE ON `underwriting_results` FOR EACH ROW
BEGIN
  IF OLD.`statements_unreconciled` THEN
    UPDATE `applications` SET `statements_unreconciled` = FALSE WHERE `id` = OLD.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `application_decisions_queue_insert` AFTER INSERT ON `application_decisions` FOR EACH ROW
  UPDATE `applications` SET `staff_decisions` = `staff_decisions` + 1 WHERE `id` = NEW.`application_id`;--> statement-breakpoint
CREATE TRIGGER `application_decisions_queue_update` AFTER UPDATE ON `application_decisions` FOR EACH ROW
BEGIN
  IF OLD.`application_id` <> NEW.`application_id` THEN
    UPDATE `applications` SET `staff_decisions` = `staff_decisions` - 1 WHERE `id` = OLD.`application_id`;
    UPDATE `applications` SET `staff_decisions` = `staff_decisions` + 1 WHERE `id` = NEW.`application_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `application_decisions_queue_delete` AFTER DELETE ON `application_decisions` FOR EACH ROW
  UPDATE `applications` SET `staff_decisions` = `staff_decisions` - 1 WHERE `id` = OLD.`application_id`;--> statement-breakpoint
-- The rows already there, counted once; from here on the triggers keep the figures.
UPDATE `applications` AS a
  JOIN (SELECT `application_id`, COUNT(*) AS n FROM `document_requests` WHERE `status` = 'received'
         GROUP BY `application_id`) AS r ON r.`application_id` = a.`id`
   SET a.`documents_received` = r.n;--> statement-breakpoint
UPDATE `applications` AS a
  JOIN (SELECT `application_id`, MAX(`finished_at`) AS f FROM `ocr_jobs` WHERE `status` = 'done'
         GROUP BY `application_id`) AS o ON o.`application_id` = a.`id`
   SET a.`ocr_finished_at` = o.f;--> statement-breakpoint
UPDATE `applications` AS a
  JOIN `underwriting_results` AS u ON u.`application_id` = a.`id`
   SET a.`statements_unreconciled` = TRUE
 WHERE u.`statements_unreconciled`;--> statement-breakpoint
UPDATE `applications` AS a
  JOIN (SELECT `application_id`, COUNT(*) AS n FROM `application_decisions` GROUP BY `application_id`) AS d
    ON d.`application_id` = a.`id`
   SET a.`staff_decisions` = d.n;
