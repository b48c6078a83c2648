-- Header cards and list totals that equal the rows (docs/architecture.md, "Counts"): the per-status counts and sums
-- the dashboard showed came from a cache up to 15 seconds old, so a card could contradict the list below it. Triggers
-- now keep them in application_status_totals and loan_status_totals, in the same transaction as the change, so a
-- read sums at most 16 rows per status and sees exactly the committed rows. A figure is spread over 16 slots
-- (CRC32 of the row id) so concurrent writers seldom wait on one row.
CREATE TRIGGER `applications_totals_insert` AFTER INSERT ON `applications` FOR EACH ROW
  INSERT INTO `application_status_totals` (`status`, `slot`, `count`, `requested_cents`, `approved_cents`)
  VALUES (NEW.`status`, CRC32(NEW.`id`) % 16, 1, NEW.`loan_amount_cents`, COALESCE(NEW.`approved_amount_cents`, 0))
  ON DUPLICATE KEY UPDATE `count` = `count` + VALUES(`count`),
    `requested_cents` = `requested_cents` + VALUES(`requested_cents`),
    `approved_cents` = `approved_cents` + VALUES(`approved_cents`);--> statement-breakpoint
CREATE TRIGGER `applications_totals_update` AFTER UPDATE ON `applications` FOR EACH ROW
BEGIN
  IF OLD.`status` <> NEW.`status` OR OLD.`loan_amount_cents` <> NEW.`loan_amount_cents`
     OR NOT (OLD.`approved_amount_cents` <=> NEW.`approved_amount_cents`) OR OLD.`id` <> NEW.`id` THEN
    INSERT INTO `application_status_totals` (`status`, `slot`, `count`, `requested_cents`, `approved_cents`)
    VALUES (OLD.`status`, CRC32(OLD.`id`) % 16, -1, -OLD.`loan_amount_cents`, -COALESCE(OLD.`approved_amount_cents`, 0)),
           (NEW.`status`, CRC32(NEW.`id`) % 16, 1, NEW.`loan_amount_cents`, COALESCE(NEW.`approved_amount_cents`, 0))
    ON DUPLICATE KEY UPDATE `count` = `count` + VALUES(`count`),
      `requested_cents` = `requested_cents` + VALUES(`requested_cents`),
      `approved_cents` = `approved_cents` + VALUES(`approved_cents`);
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `applications_totals_delete` AFTER DELETE ON `applications` FOR EACH ROW
  INSERT INTO `application_status_totals` (`status`, `slot`, `count`, `requested_cents`, `approved_cents`)
  VALUES (OLD.`status`, CRC32(OLD.`id`) % 16, -1, -OLD.`loan_amount_cents`, -COALESCE(OLD.`approved_amount_cents`, 0))
  ON DUPLICATE KEY UPDATE `count` = `count` + VALUES(`count`),
    `requested_cents` = `requested_cents` + VALUES(`requested_cents`),
    `approved_cents` = `approved_cents` + VALUES(`approved_cents`);--> statement-breakpoint
CREATE TRIGGER `loans_totals_insert` AFTER INSERT ON `loans` FOR EACH ROW
  INSERT INTO `loan_status_totals` (`status`, `slot`, `count`, `purchased_cents`, `paid_cents`)
  VALUES (NEW.`status`, CRC32(NEW.`id`) % 16, 1, NEW.`purchased_amount_cents`, NEW.`paid_cents`)
  ON DUPLICATE KEY UPDATE `count` = `count` + VALUES(`count`),
    `purchased_cents` = `purchased_cents` + VALUES(`purchased_cents`),
    `paid_cents` = `paid_cents` + VALUES(`paid_cents`);--> statement-breakpoint
CREATE TRIGGER `loans_totals_update` AFTER UPDATE ON `loans` FOR EACH ROW
BEGIN
  IF OLD.`status` <> NEW.`status` OR OLD.`purchased_amount_cents` <> NEW.`purchased_amount_cents`
     OR OLD.`paid_cents` <> NEW.`paid_cents` OR OLD.`id` <> NEW.`id` THEN
    INSERT INTO `loan_status_totals` (`status`, `slot`, `count`, `purchased_cents`, `paid_cents`)
    VALUES (OLD.`status`, CRC32(OLD.`id`) % 16, -1, -OLD.`purchased_amount_cents`, -OLD.`paid_cents`),
           (NEW.`status`, CRC32(NEW.`id`) % 16, 1, NEW.`purchased_amount_cents`, NEW.`paid_cents`)
    ON DUPLICATE KEY UPDATE `count` = `count` + VALUES(`count`),
      `purchased_cents` = `purchased_cents` + VALUES(`purchased_cents`),
      `paid_cents` = `paid_cents` + VALUES(`paid_cents`);
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `loans_totals_delete` AFTER DELETE ON `loans` FOR EACH ROW
  INSERT INTO `loan_status_totals` (`status`, `slot`, `count`, `purchased_cents`, `paid_cents`)
  VALUES (OLD.`status`, CRC32(OLD.`id`) % 16, -1, -OLD.`purchased_amount_cents`, -OLD.`paid_cents`)
  ON DUPLICATE KEY UPDATE `count` = `count` + VALUES(`count`),
    `purchased_cents` = `purchased_cents` + VALUES(`purchased_cents`),
    `paid_cents` = `paid_cents` + VALUES(`paid_cents`);--> statement-breakpoint
-- The rows already there: the same figures the triggers keep from now on.
INSERT INTO `application_status_totals` (`status`, `slot`, `count`, `requested_cents`, `approved_cents`)
  SELECT `status`, CRC32(`id`) % 16, COUNT(*), SUM(`loan_amount_cents`), COALESCE(SUM(`approved_amount_cents`), 0)
    FROM `applications` GROUP BY `status`, CRC32(`id`) % 16;--> statement-breakpoint
INSERT INTO `loan_status_totals` (`status`, `slot`, `count`, `purchased_cents`, `paid_cents`)
  SELECT `status`, CRC32(`id`) % 16, COUNT(*), SUM(`purchased_amount_cents`), SUM(`paid_cents`)
    FROM `loans` GROUP BY `status`, CRC32(`id`) % 16;
