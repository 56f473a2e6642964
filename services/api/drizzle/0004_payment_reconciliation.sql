ALTER TABLE "payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("next_check_at","created_at") WHERE "payments"."status" not in ('succeeded', 'canceled');