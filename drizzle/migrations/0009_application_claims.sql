CREATE TABLE `application_claims` (
	`token_hash` varchar(64) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`kind` enum('browser','link') NOT NULL,
	`email` varchar(254) NOT NULL,
	`expires_at` datetime NOT NULL,
	`used_at` datetime,
	`created_at` datetime NOT NULL,
	CONSTRAINT `application_claims_token_hash` PRIMARY KEY(`token_hash`)
);
--> statement-breakpoint
ALTER TABLE `application_claims` ADD CONSTRAINT `application_claims_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `application_claims_application_idx` ON `application_claims` (`application_id`);--> statement-breakpoint
CREATE INDEX `application_claims_email_idx` ON `application_claims` (`email`);