ALTER TABLE `applications` ADD `ocr_finished_at` datetime(3);--> statement-breakpoint
ALTER TABLE `applications` ADD `documents_received` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `statements_unreconciled` boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `staff_decisions` int DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `needs_person` boolean GENERATED ALWAYS AS ((`status` = 'review' OR `documents_received` > 0 OR (`status` IN ('pending', 'approved') AND ((`ocr_finished_at` IS NOT NULL AND (`decided_at` IS NULL OR `ocr_finished_at` > `decided_at`)) OR (`statements_unreconciled` AND `staff_decisions` = 0))))) VIRTUAL;--> statement-breakpoint
CREATE INDEX `applications_queue_idx` ON `applications` (`needs_person`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_assignee_queue_idx` ON `applications` (`assigned_to`,`needs_person`,`created_at`,`id`);