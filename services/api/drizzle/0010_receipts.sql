-- Receipts of paid orders. A receipt is issued in the transaction that marks its order paid and keeps what it
-- says (amounts, rate, card, travellers, date) so it never changes. Its number is sequential per calendar year
-- without gaps: a counter row per year, incremented in the same transaction (a sequence would leave gaps on
-- rollback). The card's brand and last four digits are recorded on the payment when it succeeds.
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_positive" CHECK ("receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"reference" text NOT NULL,
	"visa_type_name" text NOT NULL,
	"processing_name" text NOT NULL,
	"travelers" jsonb NOT NULL,
	"traveler_count" integer NOT NULL,
	"government_fee_gbp_pence" integer NOT NULL,
	"exchange_rate" numeric(12, 6) NOT NULL,
	"exchange_rate_date" date NOT NULL,
	"government_fee_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_application_idx" ON "receipts" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_idx" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_sequence_idx" ON "receipts" USING btree ("year","sequence");--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;
