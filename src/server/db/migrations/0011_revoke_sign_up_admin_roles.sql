-- ADMIN_EMAILS granted the admin role to whoever signed up first with a listed, never verified address, so no such
-- role can be trusted. Admins are now bootstrapped from ADMIN_EMAIL + ADMIN_PASSWORD at every start, which grants
-- the role again to the operator's account (and takes it back from a squatter).
INSERT INTO "audit_events" ("action", "subject_id", "details")
SELECT 'admin.role-removed', "user_id", '{"reason":"granted by ADMIN_EMAILS at sign-up"}'::jsonb
FROM "user_roles" WHERE "role" = 'admin';
--> statement-breakpoint
DELETE FROM "user_roles" WHERE "role" = 'admin';
