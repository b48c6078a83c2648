CREATE TABLE `adverse_action_notices` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`decision_id` varchar(36) NOT NULL,
	`kind` enum('declined','counter_offer') NOT NULL,
	`content` json NOT NULL,
	`created_at` datetime NOT NULL,
	`sent_at` datetime,
	CONSTRAINT `adverse_action_notices_id` PRIMARY KEY(`id`),
	CONSTRAINT `adverse_action_notices_decision_uq` UNIQUE(`decision_id`)
);
--> statement-breakpoint
CREATE TABLE `application_decisions` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`decision` enum('approved','declined') NOT NULL,
	`reasons` json NOT NULL,
	`other_reason` varchar(300),
	`note` text,
	`requested_amount_cents` bigint NOT NULL,
	`approved_amount_cents` bigint,
	`decided_by` varchar(36) NOT NULL,
	`decided_at` datetime NOT NULL,
	CONSTRAINT `application_decisions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `adverse_action_notices` ADD CONSTRAINT `adverse_action_notices_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `adverse_action_notices` ADD CONSTRAINT `adverse_action_notices_decision_id_application_decisions_id_fk` FOREIGN KEY (`decision_id`) REFERENCES `application_decisions`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_decisions` ADD CONSTRAINT `application_decisions_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_decisions` ADD CONSTRAINT `application_decisions_decided_by_users_id_fk` FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `adverse_action_notices_app_idx` ON `adverse_action_notices` (`application_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `application_decisions_app_idx` ON `application_decisions` (`application_id`,`decided_at`);