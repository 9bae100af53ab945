import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * A job whose status, stage or percent changes announces it on the `job_changed` channel, with the
 * job's id as the only payload (no tenant data: a listener re-reads the row through its own scope).
 * The trigger fires for every writer (server, worker, sweep), and PostgreSQL delivers at commit, so a
 * waiter that hears the id reads the committed state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `
    CREATE FUNCTION jobs_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('job_changed', NEW.id::text);
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER jobs_notify_change AFTER UPDATE OF status, stage, percent ON jobs FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.percent IS DISTINCT FROM NEW.percent)
      EXECUTE FUNCTION jobs_notify_change();
  `);
}
