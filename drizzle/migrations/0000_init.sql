CREATE TABLE `password_reset_tokens` (
	`token_hash` varchar(64) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`expires_at` datetime NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `password_reset_tokens_token_hash` PRIMARY KEY(`token_hash`)
);
--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`code_hash` varchar(64) NOT NULL,
	`used_at` datetime,
	CONSTRAINT `recovery_codes_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` varchar(64) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`expires_at` datetime NOT NULL,
	`absolute_expires_at` datetime NOT NULL,
	`idle_seconds` int NOT NULL,
	`mfa_verified` boolean NOT NULL DEFAULT false,
	`created_at` datetime NOT NULL,
	CONSTRAINT `sessions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` varchar(36) NOT NULL,
	`email` varchar(254) NOT NULL,
	`password_hash` varchar(255) NOT NULL,
	`first_name` varchar(100) NOT NULL,
	`last_name` varchar(100) NOT NULL,
	`business_name` varchar(200) NOT NULL DEFAULT '',
	`role` enum('client','admin','super_admin') NOT NULL DEFAULT 'client',
	`is_active` boolean NOT NULL DEFAULT true,
	`email_verified_at` datetime,
	`totp_secret_enc` varchar(255),
	`totp_pending_enc` varchar(255),
	`totp_last_step` bigint,
	`last_login_at` datetime,
	`created_at` datetime NOT NULL,
	`updated_at` datetime NOT NULL,
	CONSTRAINT `users_id` PRIMARY KEY(`id`),
	CONSTRAINT `users_email_unique` UNIQUE(`email`)
);
--> statement-breakpoint
CREATE TABLE `application_documents` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`kind` enum('bank_statement','drivers_license','voided_check') NOT NULL,
	`storage_key` varchar(100) NOT NULL,
	`original_name` varchar(255) NOT NULL,
	`mime_type` varchar(100) NOT NULL,
	`size_bytes` int NOT NULL,
	`sha256` varchar(64) NOT NULL,
	`parse_status` enum('pending','parsed','unreadable','skipped') NOT NULL DEFAULT 'pending',
	`parse_note` varchar(500),
	`created_at` datetime NOT NULL,
	CONSTRAINT `application_documents_id` PRIMARY KEY(`id`),
	CONSTRAINT `application_documents_storage_key_unique` UNIQUE(`storage_key`)
);
--> statement-breakpoint
CREATE TABLE `applications` (
	`id` varchar(36) NOT NULL,
	`user_id` varchar(36),
	`submitter_hash` varchar(64),
	`status` enum('pending','review','approved','declined','incomplete','funded') NOT NULL DEFAULT 'pending',
	`ai_approved` enum('approved','declined','review'),
	`loan_amount_cents` bigint NOT NULL,
	`approved_amount_cents` bigint,
	`business_name` varchar(200) NOT NULL,
	`business_type` varchar(60) NOT NULL,
	`time_in_business` varchar(30) NOT NULL,
	`business_start_date` date NOT NULL,
	`business_address` varchar(300) NOT NULL,
	`business_address2` varchar(300),
	`ein_enc` varchar(255) NOT NULL,
	`ein_last4` varchar(4) NOT NULL,
	`ssn_enc` varchar(255) NOT NULL,
	`ssn_last4` varchar(4) NOT NULL,
	`date_of_birth_enc` varchar(255) NOT NULL,
	`owner_name` varchar(200) NOT NULL,
	`email` varchar(254) NOT NULL,
	`phone` varchar(20) NOT NULL,
	`estimated_credit_score` int NOT NULL,
	`monthly_revenue` varchar(40) NOT NULL,
	`additional_info` text,
	`is_existing_client` boolean NOT NULL DEFAULT false,
	`annual_revenue_cents` bigint,
	`employee_count` int,
	`owner_address` varchar(300),
	`cash_on_hand_cents` bigint,
	`accounts_receivable_cents` bigint,
	`accounts_payable_cents` bigint,
	`existing_loan_payments_cents` bigint,
	`rent_or_mortgage_cents` bigint,
	`is_consolidation_application` boolean NOT NULL DEFAULT false,
	`mca_positions_to_consolidate` json,
	`estimated_payoff_amount_cents` bigint,
	`estimated_payment_reduction_cents` bigint,
	`decided_at` datetime,
	`created_at` datetime NOT NULL,
	`updated_at` datetime NOT NULL,
	CONSTRAINT `applications_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` varchar(160) NOT NULL,
	`fingerprint` varchar(64) NOT NULL,
	`state` enum('in_flight','done') NOT NULL DEFAULT 'in_flight',
	`status_code` int,
	`response_body` text,
	`created_at` datetime NOT NULL,
	CONSTRAINT `idempotency_keys_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
CREATE TABLE `underwriting_results` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`engine_version` varchar(20) NOT NULL,
	`decision` enum('approved','declined','review') NOT NULL,
	`confidence` int NOT NULL,
	`approved_amount_cents` bigint,
	`result` json NOT NULL,
	`ai_data` json NOT NULL,
	`analysis` json NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `underwriting_results_id` PRIMARY KEY(`id`),
	CONSTRAINT `underwriting_results_app_uq` UNIQUE(`application_id`)
);
--> statement-breakpoint
CREATE TABLE `loan_payments` (
	`id` varchar(36) NOT NULL,
	`loan_id` varchar(36) NOT NULL,
	`amount_cents` bigint NOT NULL,
	`paid_on` date NOT NULL,
	`recorded_by` varchar(36),
	`note` varchar(500),
	`created_at` datetime NOT NULL,
	CONSTRAINT `loan_payments_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `loan_schedule` (
	`loan_id` varchar(36) NOT NULL,
	`seq` int NOT NULL,
	`due_date` date NOT NULL,
	`amount_cents` bigint NOT NULL,
	CONSTRAINT `loan_schedule_loan_id_seq_pk` PRIMARY KEY(`loan_id`,`seq`)
);
--> statement-breakpoint
CREATE TABLE `loans` (
	`id` varchar(36) NOT NULL,
	`application_id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`principal_cents` bigint NOT NULL,
	`purchased_amount_cents` bigint NOT NULL,
	`factor_rate_milli` int NOT NULL,
	`weekly_payment_cents` bigint NOT NULL,
	`term_weeks` int NOT NULL,
	`apr_bps` int NOT NULL,
	`status` enum('current','past_due','paid_off','defaulted') NOT NULL DEFAULT 'current',
	`funded_at` datetime NOT NULL,
	`first_payment_date` date NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `loans_id` PRIMARY KEY(`id`),
	CONSTRAINT `loans_application_uq` UNIQUE(`application_id`)
);
--> statement-breakpoint
CREATE TABLE `refinance_requests` (
	`id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`loan_id` varchar(36),
	`requested_amount_cents` bigint,
	`reason` text NOT NULL,
	`status` enum('open','in_review','closed') NOT NULL DEFAULT 'open',
	`created_at` datetime NOT NULL,
	CONSTRAINT `refinance_requests_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `milestone_progress` (
	`id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`milestone_id` varchar(60) NOT NULL,
	`current_progress` int NOT NULL DEFAULT 0,
	`is_completed` boolean NOT NULL DEFAULT false,
	`completed_at` datetime,
	`reward_claimed` boolean NOT NULL DEFAULT false,
	`claimed_at` datetime,
	CONSTRAINT `milestone_progress_id` PRIMARY KEY(`id`),
	CONSTRAINT `milestone_progress_user_milestone_uq` UNIQUE(`user_id`,`milestone_id`)
);
--> statement-breakpoint
CREATE TABLE `milestones` (
	`id` varchar(60) NOT NULL,
	`name` varchar(120) NOT NULL,
	`description` varchar(300) NOT NULL,
	`category` enum('payment','engagement','business_growth','loan_completion') NOT NULL,
	`reward_type` enum('cash_credit','discount','badge','feature_unlock') NOT NULL,
	`reward_value` int NOT NULL,
	`target_value` int NOT NULL,
	`event_type` varchar(40) NOT NULL,
	`sort_order` int NOT NULL DEFAULT 0,
	CONSTRAINT `milestones_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `rewards` (
	`id` varchar(36) NOT NULL,
	`user_id` varchar(36) NOT NULL,
	`milestone_progress_id` varchar(36) NOT NULL,
	`reward_type` enum('cash_credit','discount','badge','feature_unlock') NOT NULL,
	`reward_value` int NOT NULL,
	`is_used` boolean NOT NULL DEFAULT false,
	`earned_at` datetime NOT NULL,
	`expires_at` datetime NOT NULL,
	`used_at` datetime,
	CONSTRAINT `rewards_id` PRIMARY KEY(`id`),
	CONSTRAINT `rewards_progress_uq` UNIQUE(`milestone_progress_id`)
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` bigint AUTO_INCREMENT NOT NULL,
	`at` datetime(3) NOT NULL,
	`actor_id` varchar(36),
	`actor_role` varchar(20),
	`action` varchar(60) NOT NULL,
	`target_type` varchar(40),
	`target_id` varchar(64),
	`outcome` enum('success','failure') NOT NULL DEFAULT 'success',
	`ip` varchar(45),
	`detail` json,
	`prev_hash` varchar(64),
	`row_hash` varchar(64) NOT NULL,
	CONSTRAINT `audit_log_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `chat_guard_sessions` (
	`id` varchar(64) NOT NULL,
	`ip` varchar(45) NOT NULL,
	`state` enum('NORMAL','CHALLENGE','MUTED_15MIN','MUTED_60MIN','PERMANENTLY_MUTED') NOT NULL DEFAULT 'NORMAL',
	`count` int NOT NULL DEFAULT 0,
	`total_violations` int NOT NULL DEFAULT 0,
	`last_message_hash` varchar(64),
	`window_started_at` datetime(3),
	`mute_until` datetime(3),
	`nonce_hash` varchar(64),
	`challenge_question` varchar(40),
	`challenge_answer` int,
	`challenge_expires_at` datetime(3),
	`challenge_attempts` int NOT NULL DEFAULT 0,
	`last_activity` datetime(3) NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `chat_guard_sessions_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` varchar(36) NOT NULL,
	`name` varchar(200) NOT NULL,
	`email` varchar(254) NOT NULL,
	`phone` varchar(30),
	`company` varchar(200),
	`message` text NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `contact_messages_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
CREATE TABLE `email_signups` (
	`id` varchar(36) NOT NULL,
	`email` varchar(254) NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `email_signups_id` PRIMARY KEY(`id`),
	CONSTRAINT `email_signups_email_unique` UNIQUE(`email`)
);
--> statement-breakpoint
CREATE TABLE `rate_limit_counters` (
	`key` varchar(191) NOT NULL,
	`count` int NOT NULL,
	`reset_at` datetime(3) NOT NULL,
	CONSTRAINT `rate_limit_counters_key` PRIMARY KEY(`key`)
);
--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD CONSTRAINT `password_reset_tokens_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `recovery_codes` ADD CONSTRAINT `recovery_codes_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `sessions` ADD CONSTRAINT `sessions_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `application_documents` ADD CONSTRAINT `application_documents_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `applications` ADD CONSTRAINT `applications_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `underwriting_results` ADD CONSTRAINT `underwriting_results_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `loan_payments` ADD CONSTRAINT `loan_payments_loan_id_loans_id_fk` FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `loan_payments` ADD CONSTRAINT `loan_payments_recorded_by_users_id_fk` FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `loan_schedule` ADD CONSTRAINT `loan_schedule_loan_id_loans_id_fk` FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `loans` ADD CONSTRAINT `loans_application_id_applications_id_fk` FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `loans` ADD CONSTRAINT `loans_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `refinance_requests` ADD CONSTRAINT `refinance_requests_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `refinance_requests` ADD CONSTRAINT `refinance_requests_loan_id_loans_id_fk` FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `milestone_progress` ADD CONSTRAINT `milestone_progress_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `milestone_progress` ADD CONSTRAINT `milestone_progress_milestone_id_milestones_id_fk` FOREIGN KEY (`milestone_id`) REFERENCES `milestones`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `rewards` ADD CONSTRAINT `rewards_user_id_users_id_fk` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE `rewards` ADD CONSTRAINT `rewards_milestone_progress_id_milestone_progress_id_fk` FOREIGN KEY (`milestone_progress_id`) REFERENCES `milestone_progress`(`id`) ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `users_role_created_idx` ON `users` (`role`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_last_name_idx` ON `users` (`last_name`);--> statement-breakpoint
CREATE INDEX `users_business_idx` ON `users` (`business_name`);--> statement-breakpoint
CREATE INDEX `application_documents_app_idx` ON `application_documents` (`application_id`);--> statement-breakpoint
CREATE INDEX `applications_created_idx` ON `applications` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_status_created_idx` ON `applications` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_ai_created_idx` ON `applications` (`ai_approved`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_user_created_idx` ON `applications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_email_idx` ON `applications` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_business_idx` ON `applications` (`business_name`);--> statement-breakpoint
CREATE INDEX `applications_owner_idx` ON `applications` (`owner_name`);--> statement-breakpoint
CREATE INDEX `applications_submitter_idx` ON `applications` (`submitter_hash`);--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE INDEX `loan_payments_loan_idx` ON `loan_payments` (`loan_id`,`paid_on`);--> statement-breakpoint
CREATE INDEX `loan_payments_paid_idx` ON `loan_payments` (`paid_on`);--> statement-breakpoint
CREATE INDEX `loans_user_idx` ON `loans` (`user_id`);--> statement-breakpoint
CREATE INDEX `loans_status_idx` ON `loans` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `refinance_requests_created_idx` ON `refinance_requests` (`created_at`);--> statement-breakpoint
CREATE INDEX `refinance_requests_user_idx` ON `refinance_requests` (`user_id`);--> statement-breakpoint
CREATE INDEX `rewards_user_idx` ON `rewards` (`user_id`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`at`);--> statement-breakpoint
CREATE INDEX `chat_guard_sessions_ip_idx` ON `chat_guard_sessions` (`ip`,`state`);--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `rate_limit_counters_reset_idx` ON `rate_limit_counters` (`reset_at`);