-- Back office lists at a million applications: the applicants list showed each account's application
-- counts by counting per row, and the loan list each loan's total paid by summing its payments per row (two thirds and
-- about half of those lists' database time). The database now keeps them as columns, maintained by triggers, so
-- every way a row changes (a submission, linking at sign-up, a status change, a payment) keeps them exact.
-- "In progress" is pending, review or approved (ACTIVE_APPLICATION_STATUSES in server/services/admin/applicants.ts).
ALTER TABLE `users` ADD `application_count` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `active_application_count` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `loans` ADD `paid_cents` bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `applications_counts_insert` AFTER INSERT ON `applications` FOR EACH ROW
BEGIN
  IF NEW.`user_id` IS NOT NULL THEN
    UPDATE `users`
       SET `application_count` = `application_count` + 1,
           `active_application_count` = `active_application_count` + (NEW.`status` IN ('pending', 'review', 'approved'))
     WHERE `id` = NEW.`user_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `applications_counts_update` AFTER UPDATE ON `applications` FOR EACH ROW
BEGIN
  IF NOT (OLD.`user_id` <=> NEW.`user_id`) OR OLD.`status` <> NEW.`status` THEN
    IF OLD.`user_id` IS NOT NULL THEN
      UPDATE `users`
         SET `application_count` = `application_count` - 1,
             `active_application_count` = `active_application_count` - (OLD.`status` IN ('pending', 'review', 'approved'))
       WHERE `id` = OLD.`user_id`;
    END IF;
    IF NEW.`user_id` IS NOT NULL THEN
      UPDATE `users`
         SET `application_count` = `application_count` + 1,
             `active_application_count` = `active_application_count` + (NEW.`status` IN ('pending', 'review', 'approved'))
       WHERE `id` = NEW.`user_id`;
    END IF;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `applications_counts_delete` AFTER DELETE ON `applications` FOR EACH ROW
BEGIN
  IF OLD.`user_id` IS NOT NULL THEN
    UPDATE `users`
       SET `application_count` = `application_count` - 1,
           `active_application_count` = `active_application_count` - (OLD.`status` IN ('pending', 'review', 'approved'))
     WHERE `id` = OLD.`user_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `loan_payments_paid_insert` AFTER INSERT ON `loan_payments` FOR EACH ROW
  UPDATE `loans` SET `paid_cents` = `paid_cents` + NEW.`amount_cents` WHERE `id` = NEW.`loan_id`;--> statement-breakpoint
CREATE TRIGGER `loan_payments_paid_update` AFTER UPDATE ON `loan_payments` FOR EACH ROW
BEGIN
  IF NOT (OLD.`loan_id` <=> NEW.`loan_id`) OR OLD.`amount_cents` <> NEW.`amount_cents` THEN
    UPDATE `loans` SET `paid_cents` = `paid_cents` - OLD.`amount_cents` WHERE `id` = OLD.`loan_id`;
    UPDATE `loans` SET `paid_cents` = `paid_cents` + NEW.`amount_cents` WHERE `id` = NEW.`loan_id`;
  END IF;
END;--> statement-breakpoint
CREATE TRIGGER `loan_payments_paid_delete` AFTER DELETE ON `loan_payments` FOR EACH ROW
  UPDATE `loans` SET `paid_cents` = `paid_cents` - OLD.`amount_cents` WHERE `id` = OLD.`loan_id`;--> statement-breakpoint
-- The rows already there: the same figures the triggers keep from now on.
UPDATE `users` AS u
  JOIN (SELECT `user_id`, COUNT(*) AS total, SUM(`status` IN ('pending', 'review', 'approved')) AS active
          FROM `applications` WHERE `user_id` IS NOT NULL GROUP BY `user_id`) AS c ON c.`user_id` = u.`id`
   SET u.`application_count` = c.total, u.`active_application_count` = c.active;--> statement-breakpoint
UPDATE `loans` AS l
  JOIN (SELECT `loan_id`, SUM(`amount_cents`) AS paid FROM `loan_payments` GROUP BY `loan_id`) AS p
    ON p.`loan_id` = l.`id`
   SET l.`paid_cents` = p.paid;
