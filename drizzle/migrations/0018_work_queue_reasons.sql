ALTER TABLE `underwriting_results` ADD `statements_unreconciled` boolean GENERATED ALWAYS AS ((`analysis` LIKE '%do not reconcile%')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `underwriting_results_unreconciled_idx` ON `underwriting_results` (`statements_unreconciled`,`application_id`);--> statement-breakpoint
CREATE INDEX `ocr_jobs_status_app_idx` ON `ocr_jobs` (`status`,`application_id`,`finished_at`);--> statement-breakpoint
CREATE INDEX `document_requests_status_app_idx` ON `document_requests` (`status`,`application_id`);