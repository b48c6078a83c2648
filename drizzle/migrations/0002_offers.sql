CREATE TABLE `lower_payment_requests` (
	`id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`loan_id` varchar(36) NOT NULL,
	`requested_weekly_payment_cents` bigint NOT NULL,
	`reason` text NOT NULL,
	`status` enum('open','in_review','closed') NOT NULL DEFAULT 'open',
	`created_at` datetime NOT NULL,
	CONSTRAINT `lower_payment_requests_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `offer_signatures` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`loan_id` varchar(36) NOT NULL,
	`full_name` varchar(200) NOT NULL,
	`consented_at` datetime(3) NOT NULL,
	`ip` varchar(45) NOT NULL,
	`user_agent` varchar(300),
	`option` json NOT NULL,
	`summary` json NOT NULL,
	`summary_hash` varchar(64) NOT NULL,
	`signed_at` datetime(3) NOT NULL,
	CONSTRAINT `offer_signatures_id` PRIMARY KEY(`id`),
	CONSTRAINT `offer_signatures_application_uq` UNIQUE(`application_id`)
);
--> statement-breakpoint
ALTER TABLE `lower_payment_requests` ADD CONSTRAINT `lower_payment_requests_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `lower_payment_requests` ADD CONSTRAINT `lower_payment_requests_loan_id_loans_id_fk` FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_signatures` ADD CONSTRAINT `offer_signatures_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_signatures` ADD CONSTRAINT `offer_signatures_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `offer_signatures` ADD CONSTRAINT `offer_signatures_loan_id_loans_id_fk` FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `lower_payment_requests_loan_idx` ON `lower_payment_requests` (`loan_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lower_payment_requests_user_idx` ON `lower_payment_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `offer_signatures_user_idx` ON `offer_signatures` (`user_id`);