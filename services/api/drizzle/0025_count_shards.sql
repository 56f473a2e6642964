-- The counts per status are kept in 16 shards: each database session adds to the rows of its own shard (its
-- backend's process id modulo 16), so orders and payments made on different connections no longer queue for one
-- row per status; a status's count is the sum of its shards. A session touches the rows of one shard only, in the
-- same order as before, so the shards add no new lock cycles.
ALTER TABLE "application_counts" DROP CONSTRAINT "application_counts_pkey";--> statement-breakpoint
ALTER TABLE "application_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_counts" ADD CONSTRAINT "application_counts_status_shard_pk" PRIMARY KEY("status","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_counts_shard"() RETURNS smallint LANGUAGE sql AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_counts" AS c ("status", "shard", "n")
    SELECT "status", "application_counts_shard"(), count(*) FROM new_rows GROUP BY "status"
    ON CONFLICT ("status", "shard") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_counts" AS c ("status", "shard", "n")
    SELECT "status", "application_counts_shard"(), -count(*) FROM old_rows GROUP BY "status"
    ON CONFLICT ("status", "shard") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "application_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_counts" AS c ("status", "shard", "n")
    SELECT s, "application_counts_shard"(), sum(delta) FROM (
      SELECT o."status" AS s, -1 AS delta FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" <> o."status"
      UNION ALL
      SELECT n."status", 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" <> o."status"
    ) x GROUP BY s
    ON CONFLICT ("status", "shard") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
