CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "due_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "queue_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_queue_idx" ON "applications" USING btree ("queue_due_at","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_assignee_queue_idx" ON "applications" USING btree ("assignee_id","queue_due_at","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "applications" a SET
  "due_at" = a."submitted_at" + make_interval(hours => a."processing_hours")
    + coalesce((SELECT sum(cr."resubmitted_at" - cr."requested_at") FROM "change_requests" cr
                WHERE cr."application_id" = a."id" AND cr."resubmitted_at" IS NOT NULL), interval '0'),
  "due_paused_at" = CASE WHEN a."status" = 'CHANGES_REQUESTED' THEN
    (SELECT max(cr."requested_at") FROM "change_requests" cr WHERE cr."application_id" = a."id") END
WHERE a."submitted_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "applications" SET "queue_due_at" = "due_at" WHERE "status" IN ('SUBMITTED', 'UNDER_REVIEW');
--> statement-breakpoint
-- The due date follows the status: set at the first submission, stopped while waiting for the traveller's
-- changes and moved on by that wait at the resubmission; the queue's key is the due date while the
-- application is open work (submitted or under review).
CREATE FUNCTION "applications_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'SUBMITTED' AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'SUBMITTED') THEN
    IF NEW."due_paused_at" IS NOT NULL AND NEW."due_at" IS NOT NULL THEN
      NEW."due_at" := NEW."due_at" + (now() - NEW."due_paused_at");
    ELSIF NEW."due_at" IS NULL THEN
      NEW."due_at" := coalesce(NEW."submitted_at", now()) + make_interval(hours => NEW."processing_hours");
    END IF;
    NEW."due_paused_at" := NULL;
  ELSIF NEW."status" = 'CHANGES_REQUESTED'
    AND (TG_OP = 'INSERT' OR OLD."status" IS DISTINCT FROM 'CHANGES_REQUESTED') THEN
    NEW."due_paused_at" := now();
  END IF;
  NEW."queue_due_at" := CASE WHEN NEW."status" IN ('SUBMITTED', 'UNDER_REVIEW') THEN NEW."due_at" END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "applications_due" BEFORE INSERT OR UPDATE OF "status" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_due"();
