CREATE TABLE "application_counts" (
	"status" "application_status" PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_status_created_idx";--> statement-breakpoint
DROP INDEX "applications_created_idx";--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "application_counts" ("status", "n")
  SELECT s, (SELECT count(*) FROM "applications" a WHERE a."status" = s)
  FROM unnest(enum_range(NULL::"application_status")) s;
--> statement-breakpoint
CREATE FUNCTION "application_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_counts" c SET "n" = c."n" + d.n
    FROM (SELECT "status", count(*) AS n FROM new_rows GROUP BY "status") d WHERE c."status" = d."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "application_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_counts" c SET "n" = c."n" - d.n
    FROM (SELECT "status", count(*) AS n FROM old_rows GROUP BY "status") d WHERE c."status" = d."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "application_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_counts" c SET "n" = c."n" + d.delta
    FROM (
      SELECT s, sum(delta) AS delta FROM (
        SELECT o."status" AS s, -1 AS delta FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" <> o."status"
        UNION ALL
        SELECT n."status", 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" <> o."status"
      ) x GROUP BY s
    ) d WHERE c."status" = d.s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "application_counts_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "application_counts_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "application_counts_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_on_update"();
