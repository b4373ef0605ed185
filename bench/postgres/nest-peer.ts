/**
 * The peer: `paginate(query, repository, config)` from nestjs-paginate on a TypeORM `DataSource` (postgres driver)
 * over the same table. The entity is an `EntitySchema`, not a decorated class: tsx (esbuild) emits no decorator
 * metadata. The config is what a NestJS app would write for this endpoint: the sortable and filterable columns, limit
 * 20 allowed, and otherwise the library's defaults (`TAKE_AND_SKIP` pagination, `getManyAndCount`).
 */
import { DataSource, EntitySchema, type Logger, type Repository } from 'typeorm';
import { FilterOperator, paginate, type PaginateConfig, type PaginateQuery } from 'nestjs-paginate';

/** A row of the benchmark table as TypeORM reads it. */
export interface BenchUserEntity {
  id: string;
  username: string;
  email: string;
  status: string;
  age: number;
  createdAt: Date;
}

/** The nestjs-paginate side of the benchmark. */
export interface NestPeer {
  /** One page: `page` (1-based) of `limit` rows sorted createdAt DESC then id ASC, optionally `status = $eq`. */
  page(options: {
    readonly page: number;
    readonly limit: number;
    readonly status?: string | undefined;
  }): Promise<readonly BenchUserEntity[]>;
  /** Runs `call` and returns the SQL statements TypeORM sent meanwhile. */
  capture(call: () => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
}

/** Connects TypeORM to `url` and returns the paginate call for `table`. */
export async function createNestPeer(url: string, table: string): Promise<NestPeer> {
  const schema = new EntitySchema<BenchUserEntity>({
    name: 'BenchUser',
    tableName: table,
    columns: {
      // Same types and collation as createTableSql, so both sides read the same table the same way.
      id: { type: 'text', primary: true, collation: 'C' },
      username: { type: 'text', collation: 'C' },
      email: { type: 'text', collation: 'C' },
      status: { type: 'text', collation: 'C' },
      age: { type: 'double precision' },
      createdAt: { type: 'timestamptz' },
    },
  });
  let recording: string[] | undefined;
  const noop = () => undefined;
  // TypeORM hands every statement to its logger: record them while capturing, drop them otherwise.
  const logger: Logger = {
    logQuery: (query) => void recording?.push(query),
    logQueryError: noop,
    logQuerySlow: noop,
    logSchemaBuild: noop,
    logMigration: noop,
    log: noop,
  };
  const dataSource = new DataSource({ type: 'postgres', url, entities: [schema], synchronize: false, logger });
  await dataSource.initialize();
  const repository: Repository<BenchUserEntity> = dataSource.getRepository(schema);
  const config: PaginateConfig<BenchUserEntity> = {
    sortableColumns: ['id', 'username', 'age', 'createdAt'],
    defaultSortBy: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    filterableColumns: { status: [FilterOperator.EQ] },
    defaultLimit: 20,
    maxLimit: 100,
  };
  return {
    async page({ page, limit, status }) {
      const query: PaginateQuery = {
        path: 'http://localhost/users',
        page,
        limit,
        // nestjs-paginate adds no tie-breaker of its own: the id is named here, as pagelope appends it.
        sortBy: [
          ['createdAt', 'DESC'],
          ['id', 'ASC'],
        ],
        ...(status === undefined ? {} : { filter: { status: `$eq:${status}` } }),
      };
      const result = await paginate(query, repository, config);
      return result.data;
    },
    async capture(call) {
      const sent: string[] = [];
      recording = sent;
      try {
        await call();
      } finally {
        recording = undefined;
      }
      return sent;
    },
    close: () => dataSource.destroy(),
  };
}
