CREATE TABLE `ocr_jobs` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`document_id` varchar(36) NOT NULL,
	`status` enum('pending','running','done','failed') NOT NULL DEFAULT 'pending',
	`attempts` int NOT NULL DEFAULT 0,
	`claimed_by` varchar(64),
	`lease_expires_at` datetime(3),
	`result` json,
	`error` varchar(500),
	`pages_read` int,
	`duration_ms` int,
	`created_at` datetime(3) NOT NULL,
	`updated_at` datetime(3) NOT NULL,
	`finished_at` datetime(3),
	CONSTRAINT `ocr_jobs_id` PRIMARY KEY(`id`),
	CONSTRAINT `ocr_jobs_document_uq` UNIQUE(`document_id`)
);
--> statement-breakpoint
ALTER TABLE `ocr_jobs` ADD CONSTRAINT `ocr_jobs_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `ocr_jobs` ADD CONSTRAINT `ocr_jobs_document_id_application_documents_id_fk` FOREIGN KEY (`document_id`) REFERENCES `application_documents`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `ocr_jobs_status_lease_idx` ON `ocr_jobs` (`status`,`lease_expires_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `ocr_jobs_application_idx` ON `ocr_jobs` (`application_id`);