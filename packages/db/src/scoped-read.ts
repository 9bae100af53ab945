import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { type AccessScope, SCOPE_PARAMETERS_SQL, scopeParameters, withScope } from './scope';

/**
 * Reads that travel in one round trip on a PostgreSQL server: the scope and the statement go out in one
 * write, as two statements of the extended protocol before a single Sync, so the server runs them in one
 * implicit transaction (the scope's settings end with it) and answers once. Both are named prepared
 * statements on the connection, parsed and planned the first time a connection sees them; a connection
 * keeps at most PREPARED_PER_CONNECTION of them, after which a new text runs unnamed.
 */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** Called by connectDatabase for a PostgreSQL server. */
export function readScopesInOneRoundTrip(db: Kysely<Database>, pool: pg.Pool): void {
  pools.set(db, pool);
}

export const PREPARED_PER_CONNECTION = 64;
const SCOPE_STATEMENT = 'cs_scope';
/** Per connection, the statements it may hold: true once a parse is confirmed, false when a failed round trip leaves it unknown. */
const prepared = new WeakMap<pg.Client, Map<string, boolean>>();
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `cs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < 1000) names.set(text, name);
  }
  return name;
}

/** What node-postgres exports beside its typed API: the row parser of its own queries and its value mapper. */
interface PgResult {
  rows: unknown[];
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): unknown;
  addRow(row: unknown): void;
}
const pgInternals = pg as unknown as {
  Result: new (rowMode: undefined, types: undefined) => PgResult;
  utils: { prepareValue(value: unknown): unknown };
};
const prepareValue = (value: unknown) => pgInternals.utils.prepareValue(value);

interface PgConnection {
  stream: { cork?(): void; uncork?(): void };
  parse(query: { name: string; text: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: readonly unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface PgMessage {
  fields: unknown[];
}

/**
 * A node-postgres submittable: the client hands it the connection to write to and then the server's
 * answers. The statement's rows are the ones after the scope's CommandComplete.
 */
class ScopedStatement<R> {
  readonly _result: PgResult;
  private completed = 0;
  private failure: Error | undefined;
  private resolve!: (rows: R[]) => void;
  private reject!: (error: Error) => void;
  readonly done = new Promise<R[]>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });

  constructor(
    private readonly known: Map<string, boolean>,
    private readonly scopeValues: readonly string[],
    private readonly query: CompiledQuery<R>,
  ) {
    this._result = new pgInternals.Result(undefined, undefined);
  }

  private readonly parsed: string[] = [];

  private statement(connection: PgConnection, name: string, text: string): string {
    const state = this.known.get(name);
    if (state) return name;
    if (state === undefined && this.known.size >= PREPARED_PER_CONNECTION) name = '';
    else {
      // After a failed round trip the statement may or may not exist: closing one that does not is no error.
      connection.close({ type: 'S', name });
      this.parsed.push(name);
    }
    connection.parse({ name, text, types: [] });
    return name;
  }

  submit(connection: PgConnection): null {
    connection.stream.cork?.();
    try {
      connection.bind({ portal: '', statement: this.statement(connection, SCOPE_STATEMENT, SCOPE_PARAMETERS_SQL), values: this.scopeValues, valueMapper: prepareValue });
      connection.execute({ portal: '', rows: 0 });
      const name = this.statement(connection, statementName(this.query.sql), this.query.sql);
      connection.bind({ portal: '', statement: name, values: this.query.parameters, valueMapper: prepareValue });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: 0 });
    } catch (error) {
      this.failure = error as Error;
    } finally {
      connection.sync();
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: PgMessage): void {
    this._result.addFields(message.fields);
  }

  handleDataRow(message: PgMessage): void {
    if (this.completed === 0 || this.failure) return;
    try {
      this._result.addRow(this._result.parseRow(message.fields));
    } catch (error) {
      this.failure = error as Error;
    }
  }

  handleCommandComplete(): void {
    this.completed += 1;
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail('COPY is not a read');
  }

  handleCopyData(): void {}

  private settle(confirmed: boolean): void {
    for (const name of this.parsed) this.known.set(name, confirmed);
  }

  handleError(error: Error): void {
    this.settle(false);
    this.reject(this.failure ?? error);
  }

  handleReadyForQuery(): void {
    this.settle(!this.failure);
    if (this.failure) this.reject(this.failure);
    else this.resolve(this._result.rows as R[]);
  }
}

/** A query builder or raw SQL (a raw builder compiles against the database it is given). */
export interface ReadStatement<R> {
  compile(db: Kysely<Database>): CompiledQuery<R>;
}

/**
 * Runs one read statement in the given scope (row-level security as in withScope) and answers its rows.
 * On a PostgreSQL server this is one round trip and no explicit transaction; on the embedded database,
 * a scoped transaction around the statement. Only for statements that write nothing.
 */
export async function readInScope<R>(db: Kysely<Database>, scope: AccessScope, query: ReadStatement<R>): Promise<R[]> {
  const compiled = query.compile(db);
  const pool = pools.get(db);
  if (!pool) return withScope(db, scope, async (tx) => (await tx.executeQuery(compiled)).rows);
  const values = scopeParameters(scope);
  const client = await pool.connect();
  let known = prepared.get(client);
  if (!known) prepared.set(client, (known = new Map()));
  try {
    const statement = new ScopedStatement(known, values, compiled);
    client.query(statement as unknown as pg.QueryConfig);
    const rows = await statement.done;
    client.release();
    return rows;
  } catch (error) {
    // A connection that failed mid-answer is not handed on; a statement error leaves it usable.
    client.release(isServerError(error) ? undefined : (error as Error));
    throw error;
  }
}

function isServerError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}
