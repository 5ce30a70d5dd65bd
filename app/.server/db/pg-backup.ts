import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { runChildProcess } from "../backups/child-process";
import { makePrivateDir } from "../private-files";
import { BackupError, type BackupSummary, emptyPrivateFile, refuseExisting } from "./backup";

/** DATABASE_URL's query parameters that libpq also reads from the environment. */
const QUERY_VARIABLES: Record<string, string> = {
  host: "PGHOST",
  port: "PGPORT",
  user: "PGUSER",
  password: "PGPASSWORD",
  options: "PGOPTIONS",
  application_name: "PGAPPNAME",
  sslmode: "PGSSLMODE",
  sslrootcert: "PGSSLROOTCERT",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
};

/**
 * DATABASE_URL as libpq's environment (PGHOST, PGPASSWORD, …), for pg_dump and
 * pg_restore: on their command line the password would show in `ps`. Only
 * PATH and HOME (for ~/.pgpass) come from the shop's own environment, so a
 * stray PG* variable there changes nothing.
 */
export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  const set = (name: string, value: string | null) => {
    if (value) env[name] = value;
  };
  set("PGHOST", decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, "$1"));
  set("PGPORT", url.port);
  set("PGUSER", decodeURIComponent(url.username));
  set("PGPASSWORD", decodeURIComponent(url.password));
  set("PGDATABASE", decodeURIComponent(url.pathname.slice(1)));
  for (const [parameter, name] of Object.entries(QUERY_VARIABLES)) set(name, url.searchParams.get(parameter));
  return env;
}

/** pg_dump or pg_restore, to its end; a failure says the tool's last line, a missing tool what to install. */
async function runPgTool(
  program: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number; signal?: AbortSignal },
) {
  try {
    const end = await runChildProcess(program, args, options);
    if (end.exitCode !== 0) throw new BackupError(`${program} failed: ${end.lastLine}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new BackupError(`${program} is not installed: install PostgreSQL's client (Debian: postgresql-client).`);
    throw error;
  }
}

/** pg_dump and pg_restore of a shop take seconds to minutes; this bounds a stuck one. */
const PG_TOOL_TIMEOUT_MS = 30 * 60_000;

/** The schema the shop's tables are in (its search_path's first), and whether they are there. */
async function shopSchema(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string | null; tables: boolean; pgTrgm: boolean }>(
      `select current_schema() as schema,
        to_regclass('orders') is not null or to_regclass('kysely_migration') is not null as tables,
        exists (select from pg_extension where extname = 'pg_trgm') as "pgTrgm"`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * Counts the orders in a dump, paid ones apart, from the rows pg_restore
 * gives back: proof that the orders are in the file, and readable.
 */
function countOrdersIn(file: string, env: NodeJS.ProcessEnv): Promise<{ orders: number; paidOrders: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn("pg_restore", ["--data-only", "--table=orders", "--file=-", file], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString("utf8")).slice(-4096)));
    const counts = { orders: 0, paidOrders: 0 };
    let status: number | undefined;
    let done = false;
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      if (done) return;
      if (status === undefined) {
        const columns = /^COPY \S+ \((.*)\) FROM stdin;$/.exec(line)?.[1];
        if (columns) status = columns.split(", ").indexOf("status");
      } else if (line === "\\.") done = true;
      else {
        counts.orders++;
        if (line.split("\t")[status] === "paid") counts.paidOrders++;
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 && status !== undefined) resolve(counts);
      else
        reject(
          new BackupError(`${file} holds no readable orders: ${stderr.trim() || "pg_restore found no orders table"}`),
        );
    });
  });
}

/** Checks a dump as pg_restore reads it (its table of contents, then the orders' rows) and counts its orders. */
async function inspectPostgresDump(file: string, env: NodeJS.ProcessEnv) {
  await runPgTool("pg_restore", ["--list", file], { env, timeoutMs: PG_TOOL_TIMEOUT_MS }).catch((error: unknown) => {
    throw new BackupError(`${file} is not a readable pg_dump file (custom format): ${(error as Error).message}`);
  });
  const counts = await countOrdersIn(file, env);
  return { file, bytes: fs.statSync(file).size, checked: "listed and read by pg_restore", ...counts };
}

/**
 * `pg_dump --format=custom` of the shop's database into `file` (0600, its
 * folder made 0700 if new): only the shop's schema when it has one of its own
 * (search_path), the whole database when it uses `public`. The dump is
 * written beside `file` and renamed once pg_restore has read it back.
 */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<BackupSummary> {
  refuseExisting(file);
  const { schema, tables, pgTrgm } = await shopSchema(databaseUrl);
  if (!schema || !tables)
    throw new BackupError("The database at DATABASE_URL has none of the shop's tables to back up.");
  makePrivateDir(path.dirname(path.resolve(file)));
  const env = libpqEnvironment(databaseUrl);
  const partial = `${file}.partial`;
  try {
    emptyPrivateFile(partial);
    // A pattern: quoted, the schema's name is taken as it is. The search's indexes need pg_trgm
    // (migration 020), which a dump of one schema leaves out unless named.
    const only =
      schema === "public"
        ? []
        : [`--schema="${schema.replaceAll('"', '""')}"`, ...(pgTrgm ? ["--extension=pg_trgm"] : [])];
    await runPgTool("pg_dump", ["--format=custom", `--file=${partial}`, ...only], {
      env,
      timeoutMs: options.timeoutMs ?? PG_TOOL_TIMEOUT_MS,
      signal: options.signal,
    });
    const summary = await inspectPostgresDump(partial, env);
    fs.renameSync(partial, file);
    return { ...summary, file };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * `npm run db:restore -- FILE` on DATABASE_URL: a dump restored into an empty
 * database (or schema), in one transaction, so a failure leaves it empty.
 * One that already has the shop's tables is refused, unchanged.
 */
export async function restorePostgres(file: string, databaseUrl: string): Promise<BackupSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  const env = libpqEnvironment(databaseUrl);
  const dump = await inspectPostgresDump(file, env);
  if ((await shopSchema(databaseUrl)).tables)
    throw new BackupError(
      "The database at DATABASE_URL already has the shop's tables: restore into a new, empty database (createdb) and point DATABASE_URL at it.",
    );
  await runPgTool(
    "pg_restore",
    ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${env.PGDATABASE ?? ""}`, file],
    { env, timeoutMs: PG_TOOL_TIMEOUT_MS },
  );
  if (!(await shopSchema(databaseUrl)).tables)
    throw new BackupError(
      `Restored, but not where DATABASE_URL looks: its search_path must name the schema the dump holds (pg_restore --list ${file}).`,
    );
  return dump;
}
