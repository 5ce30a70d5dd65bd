import type { Db } from "./index";

/** Sets one value of the settings table (a key, a text value), replacing what it held. */
export async function writeSetting(db: Db, key: string, value: string) {
  await db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
    .execute();
}

/** The values these keys hold, in one query: a key that was never set is absent from the map. */
export async function readSettings(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}
