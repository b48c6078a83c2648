CREATE TABLE `search_words` (
	`kind` enum('application','applicant') NOT NULL,
	`record_id` varchar(36) NOT NULL,
	`word` varchar(32) NOT NULL,
	`created_at` datetime NOT NULL,
	CONSTRAINT `search_words_kind_record_id_word_pk` PRIMARY KEY(`kind`,`record_id`,`word`)
);
--> statement-breakpoint
CREATE INDEX `search_words_word_idx` ON `search_words` (`kind`,`word`,`created_at`,`record_id`);