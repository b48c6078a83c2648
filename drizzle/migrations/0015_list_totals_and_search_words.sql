CREATE TABLE `application_status_totals` (
	`status` enum('pending','review','approved','declined','incomplete','funded') NOT NULL,
	`slot` tinyint unsigned NOT NULL,
	`count` int NOT NULL DEFAULT 0,
	`requested_cents` bigint NOT NULL DEFAULT 0,
	`approved_cents` bigint NOT NULL DEFAULT 0,
	CONSTRAINT `application_status_totals_status_slot_pk` PRIMARY KEY(`status`,`slot`)
);
--> statement-breakpoint
CREATE TABLE `loan_status_totals` (
	`status` enum('current','past_due','paid_off','defaulted') NOT NULL,
	`slot` tinyint unsigned NOT NULL,
	`count` int NOT NULL DEFAULT 0,
	`purchased_cents` bigint NOT NULL DEFAULT 0,
	`paid_cents` bigint NOT NULL DEFAULT 0,
	CONSTRAINT `loan_status_totals_status_slot_pk` PRIMARY KEY(`status`,`slot`)
);
--> statement-breakpoint
CREATE TABLE `search_words` (
	`kind` enum('application','applicant') NOT NULL,
	`record_id` varchar(36) NOT NULL,
	`word` varchar(32) NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `search_words_kind_record_id_word_pk` PRIMARY KEY(`kind`,`record_id`,`word`)
);
--> statement-breakpoint
CREATE INDEX `search_words_word_idx` ON `search_words` (`kind`,`word`,`created_at`,`record_id`);