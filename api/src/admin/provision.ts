import { z } from "zod";
import { generatePassword, hashPassword } from "../auth/password.ts";
import type { Db } from "../db/database.ts";
import { createAdmin, findAdminByEmail } from "./repository.ts";

export const adminEmailSchema = z.email("must be an email address").trim().toLowerCase();

/** Creates an admin with a generated password and returns it (the only time it is shown). */
export async function provisionAdmin(db: Db, { email, name = "Admin" }: { email: string; name?: string }) {
  const normalised = adminEmailSchema.parse(email);
  if (await findAdminByEmail(db, normalised)) throw new Error(`An admin with the email ${normalised} already exists`);
  const password = generatePassword();
  const admin = await createAdmin(db, { email: normalised, name, passwordHash: await hashPassword(password) });
  return { admin, password };
}
