-- Statistics for the tables of the first migrations (0000–0006), which were written before
-- migrations ended with ANALYZE of the tables they create or fill (issue 12, decision 226). From
-- 0007 on every migration analyzes its own tables; chat and mensaje were analyzed by 0008.
-- Autovacuum keeps them current afterwards (README: it must stay on).
ANALYZE "psicologo";
--> statement-breakpoint
ANALYZE "paciente";
--> statement-breakpoint
ANALYZE "token_revocado";
--> statement-breakpoint
ANALYZE "token_un_uso";
--> statement-breakpoint
ANALYZE "agenda";
--> statement-breakpoint
ANALYZE "cita";
--> statement-breakpoint
ANALYZE "disponibilidad";
--> statement-breakpoint
ANALYZE "excepcion";
