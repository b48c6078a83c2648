CREATE TABLE `staff_notes` (
	`id` varchar(36) NOT NULL,
	`subject_type` enum('application','applicant') NOT NULL,
	`subject_id` varchar(36) NOT NULL,
	`author_id` varchar(36) NOT NULL,
	`body` text NOT NULL,
	`created_at` datetime NOT NULL,
	`edited_at` datetime,
	CONSTRAINT `staff_notes_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `applications` ADD `assigned_to` varchar(36);--> statement-breakpoint
ALTER TABLE `applications` ADD `assigned_at` datetime;--> statement-breakpoint
ALTER TABLE `staff_notes` ADD CONSTRAINT `staff_notes_author_id_users_id_fk` FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `staff_notes_subject_created_idx` ON `staff_notes` (`subject_type`,`subject_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `applications` ADD CONSTRAINT `applications_assigned_to_users_id_fk` FOREIGN KEY (`assigned_to`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `applications_assignee_created_idx` ON `applications` (`assigned_to`,`created_at`,`id`);