-- The language of an account (its pages after sign-in and its e-mails; none until one is chosen or known, and
-- English meanwhile), of the visit that placed an order (an account created by paying for it takes it), and of a
-- queued e-mail. Existing orders and e-mails are English, as before.
ALTER TABLE "applications" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;