/**
 * npm run owner:create -- --email EMAIL --name NAME   create the shop's owner, or make an account one
 * npm run owner:create -- --email EMAIL --remove      take the owner role away
 *
 * The password comes from OWNER_PASSWORD, or is asked for without echo, and
 * is set whether the account is new or not: an account someone else
 * registered under the owner's address must not keep their password. Works
 * while the shop runs, on SQLite and PostgreSQL.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAuth, loadAuthSecret } from "~/.server/accounts/auth";
import { makeOwner, removeOwner } from "~/.server/admin/owners";
import { shopAddress } from "~/.server/admin/shop-address";
import { ownerPasswordProblem } from "~/lib/owner-password";
import { readSecret } from "./read-secret";
import { withShopDatabase } from "./shop-database";

const USAGE = "Usage: npm run owner:create -- --email EMAIL --name NAME  (or --email EMAIL --remove)";

const argsSchema = z
  .object({
    email: z.email("Give a valid --email.").transform((email) => email.toLowerCase()),
    name: z
      .string()
      .trim()
      .min(1, "Give the owner's --name.")
      .max(100, "The --name can be at most 100 characters.")
      .optional(),
    remove: z.boolean(),
  })
  .refine((args) => args.remove || args.name !== undefined, "Give the owner's --name.");

class BadInput extends Error {}

async function newPassword(): Promise<string> {
  const fromEnv = process.env.OWNER_PASSWORD;
  const password = fromEnv ?? (await readSecret("Password for the owner account: "));
  const problem = ownerPasswordProblem(password);
  if (problem) throw new BadInput(problem);
  if (fromEnv === undefined && process.stdin.isTTY && (await readSecret("The same password again: ")) !== password) {
    throw new BadInput("The two passwords differ; nothing was changed.");
  }
  return password;
}

function parse(): z.infer<typeof argsSchema> | string {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, name: { type: "string" }, remove: { type: "boolean", default: false } },
      strict: true,
    }));
  } catch {
    return USAGE;
  }
  const args = argsSchema.safeParse(values);
  return args.success ? args.data : args.error.issues[0]!.message;
}

const args = parse();
process.exitCode =
  typeof args === "string"
    ? (console.error(args), 1)
    : await withShopDatabase(async ({ db, engine }, config) => {
        const { email } = args;
        if (args.remove) {
          const change = await removeOwner(db, email, Date.now());
          if (change.kind === "no_account") {
            console.error(`There is no account for ${email}.`);
            return 1;
          }
          console.log(change.kind === "removed" ? `${email} is no longer an owner.` : `${email} is not an owner.`);
          return 0;
        }
        const auth = createAuth({ db, engine, config, secret: await loadAuthSecret(db) });
        try {
          const change = await makeOwner(db, auth, { email, name: args.name!, password: newPassword }, Date.now());
          const address = await shopAddress(db, config.publicUrl);
          const where = `sign in at ${address}/auth and open ${address}/admin`;
          if (change.kind === "created") console.log(`Created the owner account ${email}: ${where}.`);
          else if (change.kind === "promoted") {
            console.log(
              `${email} is now an owner. Its name is ${args.name} and its password the one you gave; every session it had is signed out, and no Google sign-in is linked to it any more: ${where}.`,
            );
          } else console.log(`${email} is an owner already.`);
          return 0;
        } catch (error) {
          if (!(error instanceof BadInput)) throw error;
          console.error(error.message);
          return 1;
        }
      });
