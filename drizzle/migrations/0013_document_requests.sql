CREATE TABLE `document_request_files` (
	`document_id` varchar(36) NOT NULL,
	`request_id` varchar(36) NOT NULL,
	CONSTRAINT `document_request_files_document_id` PRIMARY KEY(`document_id`)
);
--> statement-breakpoint
CREATE TABLE `document_requests` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`requested_by` varchar(36) NOT NULL,
	`documents` json NOT NULL,
	`message` text NOT NULL,
	`status` enum('open','received','closed','cancelled') NOT NULL DEFAULT 'open',
	`created_at` datetime(3) NOT NULL,
	`received_at` datetime(3),
	`closed_by` varchar(36),
	`closed_at` datetime(3),
	CONSTRAINT `document_requests_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
ALTER TABLE `document_request_files` ADD CONSTRAINT `document_request_files_document_id_application_documents_id_fk` FOREIGN KEY (`document_id`) REFERENCES `application_documents`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_request_files` ADD CONSTRAINT `document_request_files_request_id_document_requests_id_fk` FOREIGN KEY (`request_id`) REFERENCES `document_requests`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_requests` ADD CONSTRAINT `document_requests_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_requests` ADD CONSTRAINT `document_requests_requested_by_users_id_fk` FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `document_requests` ADD CONSTRAINT `document_requests_closed_by_users_id_fk` FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `document_request_files_request_idx` ON `document_request_files` (`request_id`);--> statement-breakpoint
CREATE INDEX `document_requests_app_status_idx` ON `document_requests` (`application_id`,`status`);