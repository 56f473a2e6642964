-- When staff started reviewing an application (SUBMITTED → UNDER_REVIEW), stamped by the status machine like
-- paid_at, submitted_at and decided_at, for the order's timeline. Applications already past that step take the
-- time from the audit log.
ALTER TABLE "applications" ADD COLUMN "review_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "applications" AS a SET "review_started_at" = r.at
FROM (
  SELECT "application_id", min("created_at") AS at
  FROM "audit_log"
  WHERE "action" = 'application.status_changed' AND "details"->>'to' = 'UNDER_REVIEW'
  GROUP BY "application_id"
) AS r
WHERE r."application_id" = a."id";
