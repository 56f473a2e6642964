-- Save and come back later: single-use links (only their hash stored) that bring a saved application to another
-- browser, deleted with their draft.
CREATE TABLE "draft_return_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "draft_return_links" ADD CONSTRAINT "draft_return_links_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_return_links_token_hash_idx" ON "draft_return_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "draft_return_links_draft_idx" ON "draft_return_links" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "draft_return_links_expires_idx" ON "draft_return_links" USING btree ("expires_at");
