-- The reading of a passport page's machine-readable zone (MRZ), done in the background after the upload is
-- stored: 'pending' until the read ends, then 'matched' or 'mismatch' (compared with the traveller's passport
-- details at that time) or 'unreadable'. The fields read are passport data: stored encrypted like the passport
-- number. The names of the fields that differed, and those the traveller chose to keep, are not.
ALTER TABLE "documents" ADD COLUMN "mrz_status" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "mrz_fields_encrypted" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "mrz_mismatches" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "mrz_kept" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "mrz_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_mrz_status" CHECK ("mrz_status" in ('pending', 'matched', 'mismatch', 'unreadable'));
