-- Casework: staff ask for changes (CHANGES_REQUESTED) and lodge the application with the Home Office (LODGED)
-- before the government's outcome. The status type is replaced rather than extended, because every pending
-- migration runs in one transaction and a value added there cannot be used before it commits (the counts need it).
ALTER TYPE "public"."application_status" RENAME TO "application_status_before_casework";--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('DRAFT', 'IN_PROGRESS', 'SUBMITTED', 'UNDER_REVIEW', 'CHANGES_REQUESTED', 'LODGED', 'APPROVED', 'REJECTED', 'REFUNDED');--> statement-breakpoint
DROP INDEX "applications_retention_idx";--> statement-breakpoint
DROP INDEX "applications_refunded_retention_idx";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" TYPE "public"."application_status" USING "status"::text::"public"."application_status";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "status" SET DEFAULT 'DRAFT';--> statement-breakpoint
ALTER TABLE "application_counts" ALTER COLUMN "status" TYPE "public"."application_status" USING "status"::text::"public"."application_status";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_status_before" TYPE "public"."application_status" USING "order_status_before"::text::"public"."application_status";--> statement-breakpoint
DROP TYPE "public"."application_status_before_casework";--> statement-breakpoint
INSERT INTO "application_counts" ("status", "n") VALUES ('CHANGES_REQUESTED', 0), ('LODGED', 0);--> statement-breakpoint
CREATE INDEX "applications_retention_idx" ON "applications" USING btree ("decided_at") WHERE "applications"."documents_erased_at" is null and "applications"."status" in ('APPROVED', 'REJECTED');--> statement-breakpoint
CREATE INDEX "applications_refunded_retention_idx" ON "applications" USING btree ("refunded_at") WHERE "applications"."documents_erased_at" is null and "applications"."status" = 'REFUNDED';--> statement-breakpoint
ALTER TYPE "public"."document_kind" ADD VALUE 'DECISION';--> statement-breakpoint
CREATE TABLE "change_request_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_request_id" uuid NOT NULL,
	"traveler_id" uuid,
	"position" integer NOT NULL,
	"section" text NOT NULL,
	"message" text NOT NULL,
	"before_encrypted" text,
	"before_document_id" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resubmitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"traveler_id" uuid NOT NULL,
	"kind" "visa_kind" NOT NULL,
	"reference" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"passport_last4" text NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminder_60_sent_at" timestamp with time zone,
	"reminder_14_sent_at" timestamp with time zone,
	"reminders_stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "lodged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "lodged_on" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "home_office_reference" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "lodged_by" uuid;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_traveler_id_travelers_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."travelers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_before_document_id_documents_id_fk" FOREIGN KEY ("before_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_traveler_id_travelers_id_fk" FOREIGN KEY ("traveler_id") REFERENCES "public"."travelers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_request_items_request_idx" ON "change_request_items" USING btree ("change_request_id");--> statement-breakpoint
CREATE INDEX "change_requests_application_idx" ON "change_requests" USING btree ("application_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "grants_traveler_idx" ON "grants" USING btree ("traveler_id");--> statement-breakpoint
CREATE INDEX "grants_reminders_idx" ON "grants" USING btree ("valid_until") WHERE "grants"."reminders_stopped_at" is null and "grants"."reminder_14_sent_at" is null;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_lodged_by_users_id_fk" FOREIGN KEY ("lodged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;