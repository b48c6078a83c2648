ALTER TABLE `adverse_action_notices` MODIFY COLUMN `decision_id` varchar(36);--> statement-breakpoint
ALTER TABLE `adverse_action_notices` ADD `send_failed_at` datetime;