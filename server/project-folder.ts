import fs from "node:fs";
import path from "node:path";

/**
 * The folder holding package.json, at or above `start`: server.ts's own when
 * it runs as TypeScript, the one above builds/ when it runs compiled (from
 * the build folder `build` links to). The demo catalog and `.env` are found
 * from there.
 */
export function projectFolder(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json at or above ${start}`);
  }
}
