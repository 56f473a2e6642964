-- Personal data rights. A deleted account keeps its row (payments and receipts still point at its orders) with
-- every personal field removed and the time of deletion; an order whose documents were erased (by the retention
-- job or by the deletion of its account) says when and why, so staff see it instead of broken links; and every file
-- to remove from storage is listed until its removal succeeds, so a failed removal is retried, never forgotten.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "documents_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "documents_erased_by" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "applications_retention_idx" ON "applications" USING btree ("decided_at") WHERE "documents_erased_at" IS NULL AND "status" IN ('APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TABLE "file_erasures" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
