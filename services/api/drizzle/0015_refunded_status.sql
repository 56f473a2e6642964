-- A refund in full closes an order: REFUNDED becomes a status of the lifecycle. The type is replaced rather than
-- extended (ALTER TYPE … ADD VALUE), because every pending migration runs in one transaction and a value added
-- there cannot be used before it commits.
ALTER TYPE "public"."application_status" RENAME TO "application_status_before_refunded";--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('DRAFT', 'IN_PROGRESS', 'SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'REFUNDED');--> statement-breakpoint
DROP INDEX "applications_retention_idx";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" TYPE "public"."application_status" USING "status"::text::"public"."application_status";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" SET DEFAULT 'DRAFT';--> statement-breakpoint
ALTER TABLE "application_counts" ALTER COLUMN "status" TYPE "public"."application_status" USING "status"::text::"public"."application_status";--> statement-breakpoint
DROP TYPE "public"."application_status_before_refunded";--> statement-breakpoint
INSERT INTO "application_counts" ("status", "n") VALUES ('REFUNDED', 0);--> statement-breakpoint
CREATE INDEX "applications_retention_idx" ON "applications" USING btree ("decided_at") WHERE "applications"."documents_erased_at" is null and "applications"."status" in ('APPROVED', 'REJECTED');--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "order_status_before" "application_status";--> statement-breakpoint
CREATE INDEX "applications_refunded_retention_idx" ON "applications" USING btree ("refunded_at") WHERE "applications"."documents_erased_at" is null and "applications"."status" = 'REFUNDED';--> statement-breakpoint
-- Orders already refunded in full (the refund succeeded or is on its way) are closed now by their status.
UPDATE "refunds" r SET "order_status_before" = a."status"
  FROM "applications" a
  WHERE a."id" = r."application_id" AND r."kind" = 'full' AND r."status" <> 'failed';--> statement-breakpoint
UPDATE "applications" a SET
    "status" = 'REFUNDED',
    "refunded_at" = (SELECT min(r."created_at") FROM "refunds" r
      WHERE r."application_id" = a."id" AND r."kind" = 'full' AND r."status" <> 'failed'),
    "version" = a."version" + 1
  WHERE EXISTS (SELECT 1 FROM "refunds" r
    WHERE r."application_id" = a."id" AND r."kind" = 'full' AND r."status" <> 'failed');
