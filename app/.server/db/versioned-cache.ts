import { sql } from "kysely";
import { coalesceReads } from "../catalog/version";
import type { DatabaseHandle, Db } from ".";
import { type VersionQuery, openVersionRead } from "./version-read";

/** What a versioned cache keeps: a value read at a version of its one-row counter. */
export interface Versioned {
  version: number;
}

/** The version through Kysely, for a database the server did not open (tests, scripts); concurrent calls share one read. */
function sharedKyselyRead(db: Db, query: VersionQuery): () => Promise<number> {
  let reading: Promise<number> | undefined;
  return () =>
    (reading ??= sql<{ version: number | string }>`${sql.raw(query.text)}`
      .execute(db)
      .then((result) => Number(result.rows[0]?.version ?? 0))
      .finally(() => {
        reading = undefined;
      }));
}

/**
 * One process's copy of something the owner sets up (the pricing setup, the
 * shop's settings), per database. Each use reads only the version, and
 * concurrent ones share that read (as the page cache shares the catalog
 * version's: server/page-cache.ts); the value itself is read again only when
 * the version changed, so a change in the back office shows on every process
 * at its next request.
 */
class VersionedCache<T extends Versioned> {
  private current: T | undefined;
  private loading: { version: number; value: Promise<T> } | undefined;

  constructor(
    private readonly read: (version: number) => Promise<T>,
    private readonly version: () => Promise<number>,
  ) {}

  async get(): Promise<T> {
    const version = await this.version();
    if (this.current?.version === version) return this.current;
    if (this.loading?.version !== version) {
      const loading = { version, value: this.read(version) };
      this.loading = loading;
      loading.value
        .then((value) => {
          if (this.current === undefined || this.current.version < value.version) this.current = value;
        })
        .catch(() => {})
        .finally(() => {
          if (this.loading === loading) this.loading = undefined;
        });
    }
    return this.loading!.value;
  }
}

/**
 * The caches of one kind, per database: `open` gives the server's (its
 * version read skips Kysely: version-read.ts, coalesced per turn of the
 * event loop), and `get` reads through it, or through Kysely where the
 * server did not open one.
 */
export function versionedCaches<T extends Versioned>(
  query: VersionQuery,
  read: (db: Db, version: number) => Promise<T>,
) {
  const caches = new WeakMap<Db, VersionedCache<T>>();
  return {
    open(handle: DatabaseHandle): { close: () => void } {
      const version = openVersionRead(handle, query);
      caches.set(handle.db, new VersionedCache((at) => read(handle.db, at), coalesceReads(version.read)));
      return { close: version.close };
    },
    get(db: Db): Promise<T> {
      let cache = caches.get(db);
      if (!cache) caches.set(db, (cache = new VersionedCache((at) => read(db, at), sharedKyselyRead(db, query))));
      return cache.get();
    },
  };
}
