CREATE TABLE `application_consents` (
	`application_id` varchar(36) NOT NULL,
	`verification` boolean NOT NULL,
	`electronic_records` boolean NOT NULL,
	`version` varchar(32) NOT NULL,
	`agreed_at` datetime(3) NOT NULL,
	`ip` varchar(45) NOT NULL,
	CONSTRAINT `application_consents_application_id` PRIMARY KEY(`application_id`)
);
--> statement-breakpoint
ALTER TABLE `application_consents` ADD CONSTRAINT `application_consents_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE no action ON UPDATE no action;