CREATE TABLE `audit_chain_head` (
	`id` tinyint NOT NULL,
	`last_hash` varchar(64),
	CONSTRAINT `audit_chain_head_id` PRIMARY KEY(`id`)
);
--> statement-breakpoint
INSERT INTO `audit_chain_head` (`id`, `last_hash`) SELECT 1, (SELECT `row_hash` FROM `audit_log` ORDER BY `id` DESC LIMIT 1);
