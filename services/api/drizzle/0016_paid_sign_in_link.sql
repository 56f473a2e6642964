-- Whether paying for an order e-mailed a sign-in link to the existing account of its e-mail, kept with the order:
-- a repeated confirmation answers as the first one did.
ALTER TABLE "applications" ADD COLUMN "sign_in_link_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders paid before this column: as their payment was recorded then.
UPDATE "applications" a SET "sign_in_link_sent" = true
  WHERE (SELECT l."details"->>'signInLinkSent' FROM "audit_log" l
    WHERE l."application_id" = a."id" AND l."action" = 'application.paid'
    ORDER BY l."created_at" DESC, l."id" DESC LIMIT 1) = 'true';
