import { pageTextsSchema } from "./pages-schema";
import { shopSettingsSchema } from "./settings-schema";
import { z } from "~/lib/zod";

/**
 * The file `npm run settings:export` writes and `settings:import` reads: the
 * shop's own words (its settings and pages, as the owner saved them), so a
 * shop can be moved or rebuilt with them. The logo is a file of its own: it
 * is uploaded again.
 */
export const SETTINGS_FILE_FORMAT = "wickshop-settings";

export const settingsFileSchema = z
  .object({
    format: z.literal(SETTINGS_FILE_FORMAT, { error: `format must be "${SETTINGS_FILE_FORMAT}"` }),
    version: z.literal(1, { error: "version must be 1" }),
    settings: shopSettingsSchema.partial().strict(),
    pages: pageTextsSchema,
  })
  .strict();

export type SettingsFile = z.output<typeof settingsFileSchema>;

/** The file's text checked whole; the error names the first bad entry, as the catalog file's does. */
export function parseSettingsFile(text: string): SettingsFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("The file is not JSON.");
  }
  const parsed = settingsFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`${issue.path.join(".") || "the file"}: ${issue.message}`);
}
