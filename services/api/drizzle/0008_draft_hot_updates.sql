DROP INDEX "drafts_expires_idx";--> statement-breakpoint
-- A draft is saved often and its row rewritten each time: free space in each page lets PostgreSQL update it in place.
ALTER TABLE "drafts" SET (fillfactor = 70);
