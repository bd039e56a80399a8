/**
 * `npm run db:migration-list`: writes api/src/db/migration-list.ts from the files of api/src/db/migrations/ after
 * checking their names. A static list rather than a folder read at start: the production bundle has no folder.
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  isMigrationSource,
  MIGRATION_LIST_FILE,
  MIGRATIONS_FOLDER,
  migrationFileProblems,
  renderMigrationList,
} from "@pli/api/db/migration-files";

const dbDir = path.resolve(import.meta.dirname, "../api/src/db");
const files = readdirSync(path.join(dbDir, MIGRATIONS_FOLDER)).filter(isMigrationSource).sort();
const problems = migrationFileProblems(files);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
writeFileSync(path.join(dbDir, MIGRATION_LIST_FILE), renderMigrationList(files));
console.log(`${MIGRATION_LIST_FILE}: ${files.length} migrations, the last ${files.at(-1)}`);
