import type { Configuration } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type PostgresDialect,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

// A transaction's BEGIN goes out with its first statement (docs/architecture.md, "A command's
// transaction"). The server's connections run node-postgres in pipeline mode (orm.ts): a statement
// is written to the socket as soon as it is made, without waiting for the answers of those before
// it on the connection, and the answers come back in order. Kysely waits for BEGIN's answer before
// it hands the transaction over; here BEGIN is written and not waited for, so the transaction's
// first statement follows it on the wire and PostgreSQL reads both at once: one round trip less
// for every transaction (measured: docs/benchmarks.md).
//
// BEGIN's answer is still read: before the transaction's COMMIT (a BEGIN that failed makes the
// COMMIT fail, so the command rolls back and reports it) and before its ROLLBACK. A BEGIN fails
// only with its connection (then every statement after it fails too) or on a connection left in a
// failed transaction (then PostgreSQL refuses every statement after it as well), so no statement of
// the transaction can run outside it. Without pipeline mode this is still correct: node-postgres
// queues the first statement until BEGIN's answer has come.

/** BEGIN's answer per connection, read before that connection's COMMIT or ROLLBACK. */
const begun = new WeakMap<DatabaseConnection, Promise<unknown>>();
const begin = CompiledQuery.raw('begin');

/** Waits for the BEGIN of the connection's transaction; rejects when it failed. */
async function begunOn(connection: DatabaseConnection): Promise<void> {
  const answer = begun.get(connection);
  if (!answer) return;
  begun.delete(connection);
  await answer;
}

/** Kysely's driver, with BEGIN written and not waited for (the rest as it is). */
class PipelinedBeginKyselyDriver implements Driver {
  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.driver.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // An isolation level or access mode: as Kysely does it (`start transaction …`, waited for).
    if (settings.isolationLevel || settings.accessMode)
      return this.driver.beginTransaction(connection, settings);
    const answer = connection.executeQuery(begin);
    // Read at COMMIT or ROLLBACK (begunOn); until then a rejection is not unhandled.
    answer.catch(() => {});
    begun.set(connection, answer);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await begunOn(connection);
    await this.driver.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await begunOn(connection).catch(() => {});
    await this.driver.rollbackTransaction(connection);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.driver.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.driver.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.driver.releaseSavepoint?.(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction Kysely ended without COMMIT or ROLLBACK through the driver: its BEGIN's answer
    // is not left pending on a connection that goes back to the pool.
    await begunOn(connection).catch(() => {});
    await this.driver.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

/** MikroORM's PostgreSQL connection with the pipelined BEGIN. */
class PipelinedBeginConnection extends PostgreSqlConnection {
  override createKyselyDialect(overrides: Parameters<PostgreSqlConnection['createKyselyDialect']>[0]) {
    const dialect = super.createKyselyDialect(overrides);
    const pipelined: Dialect = {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new PipelinedBeginKyselyDriver(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    };
    // Typed as the PostgresDialect it wraps (its type has private fields); Kysely uses the four above.
    return pipelined as unknown as PostgresDialect;
  }
}

/** MikroORM's PostgreSQL driver on PipelinedBeginConnection (orm.ts: `driver`). */
export class PipelinedPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    // AbstractSqlDriver made its connection from PostgreSqlConnection; this one replaces it
    // before anything used it (no replicas are configured).
    Object.assign(this, { connection: new PipelinedBeginConnection(this.config) });
  }
}
