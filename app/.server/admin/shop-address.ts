import type { Db } from "../db";
import { readSettings, writeSetting } from "../db/settings";

/**
 * Where the owner signs in, as `npm run owner:create` tells her: the running
 * shop's address, which each server records once it listens (PUBLIC_URL, else
 * where it listens: its HOST and PORT, or the socket systemd gave it), since
 * the service's environment is not the shell's.
 */

const SHOP_ADDRESS = "shop_address";

export const recordShopAddress = (db: Db, address: string) => writeSetting(db, SHOP_ADDRESS, address);

/** The address the last server to start recorded; `fallback` (the command's own) when none has. */
export async function shopAddress(db: Db, fallback: string): Promise<string> {
  return (await readSettings(db, [SHOP_ADDRESS])).get(SHOP_ADDRESS) ?? fallback;
}
