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
