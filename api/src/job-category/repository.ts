import type { Db } from "../db/database.ts";
import type { JobCategoryResponse } from "./schema.ts";

const categories = (db: Db) =>
  db.selectFrom("app.job_category as c").select((eb) => [
    "c.id",
    "c.category_name",
    eb
      .selectFrom("app.job as j")
      .select((inner) => inner.fn.countAll<string>().as("n"))
      .whereRef("j.category_id", "=", "c.id")
      .as("job_count"),
  ]);

type CategoryRow = { id: string; category_name: string; job_count: string | null };

export const toJobCategoryResponse = (row: CategoryRow): JobCategoryResponse => ({
  _id: row.id,
  categoryName: row.category_name,
  jobCount: Number(row.job_count ?? 0),
});

/** Every category, in the order they were added. */
export const listJobCategories = (db: Db) => categories(db).orderBy("c.created_at").orderBy("c.id").execute();

export const findJobCategory = (db: Db, id: string) => categories(db).where("c.id", "=", id).executeTakeFirst();

/** Whether another category (not `exceptId`) has this name, in any case. */
export async function categoryNameTaken(db: Db, name: string, exceptId?: string) {
  let query = db
    .selectFrom("app.job_category")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["category_name"]), "=", name.toLowerCase()));
  if (exceptId) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

export const insertJobCategory = (db: Db, name: string) =>
  db.insertInto("app.job_category").values({ category_name: name }).returning("id").executeTakeFirstOrThrow();

export const renameJobCategory = (db: Db, id: string, name: string) =>
  db
    .updateTable("app.job_category")
    .set({ category_name: name })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();

/** Removes a category no job uses; undefined when it is absent or in use. */
export const deleteUnusedJobCategory = (db: Db, id: string) =>
  db
    .deleteFrom("app.job_category")
    .where("id", "=", id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("app.job").select("app.job.id").whereRef("app.job.category_id", "=", "app.job_category.id"),
        ),
      ),
    )
    .returning("id")
    .executeTakeFirst();
