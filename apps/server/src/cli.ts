/**
 * Operator commands. `create-admin <username>` creates a product administrator with the password
 * in ADMIN_PASSWORD (never on the command line, where it would land in shell history):
 *   ADMIN_PASSWORD='…' npm run cli -w @compliance/server -- create-admin alice
 * (in the production image: ADMIN_PASSWORD='…' node apps/server/dist/cli.mjs create-admin alice)
 */
import { connectDatabase } from '@compliance/db/connect';
import { migrateToLatest } from '@compliance/db/migrate';
import { passwordProblem } from '@compliance/domain/auth/password-policy';
import { ensureProductAdmin } from '@compliance/domain/demo/seed-service';
import { loadConfig } from './env';

const [command, username] = process.argv.slice(2);
if (command !== 'create-admin' || !username) {
  console.error('Usage: ADMIN_PASSWORD=<password> cli create-admin <username>');
  process.exit(2);
}
const config = loadConfig();
const password = config.adminPassword;
const problem = password ? passwordProblem(password, { username }) : "set it to the new administrator's password (12 to 128 characters, not a common one)";
if (!password || problem) {
  console.error(`ADMIN_PASSWORD: ${problem}`);
  process.exit(2);
}
const handle = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
try {
  await migrateToLatest(handle.db);
  const created = await ensureProductAdmin(handle.db, username, password);
  console.log(created ? `Product administrator "${username}" created.` : `A user named "${username}" already exists; nothing changed.`);
} finally {
  await handle.close();
}
