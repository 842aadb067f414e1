import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordSchema } from '../../shared/users/schemas';
import { type AppDeps, createDeps } from '../deps';
import { users } from '../db/schema/accounts';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL, generatePassword } from './registration';

let database: TestDatabase | undefined;
let started: AppDeps | undefined;
afterEach(async () => {
  // createDeps holds connections of its own (the job queue, the write broadcast): closed first.
  await started?.close();
  started = undefined;
  await database?.drop();
  database = undefined;
});

async function setup(env: Record<string, string> = {}) {
  database = await createTestDatabase();
  const config = testConfig(env);
  const deps = await createDeps({ config, db: database.db });
  started = deps;
  const announced: { email: string; password: string }[] = [];
  const run = () => ensureFirstAdmin(config, database!.db, deps.auth, (email, password) => announced.push({ email, password }));
  return { deps, run, announced, db: database.db };
}

describe('the first admin', () => {
  it('is generated on an empty database, announced once, and can sign in', async () => {
    const { run, announced, db, deps } = await setup();
    await run();
    await run();
    expect(announced).toHaveLength(1);
    expect(announced[0]!.email).toBe(GENERATED_ADMIN_EMAIL);
    expect(passwordSchema.safeParse(announced[0]!.password).success).toBe(true);
    const rows = await db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: GENERATED_ADMIN_EMAIL, role: 'admin', status: 'active' });
    const signIn = await deps.auth.api.signInEmail({ body: { email: GENERATED_ADMIN_EMAIL, password: announced[0]!.password } });
    expect(signIn.user.email).toBe(GENERATED_ADMIN_EMAIL);
  });

  it('comes from ADMIN_EMAIL and ADMIN_PASSWORD when set, and is not announced', async () => {
    const { run, announced, db } = await setup({ ADMIN_EMAIL: 'Boss@Example.org', ADMIN_PASSWORD: 'Admin#2026' });
    await run();
    expect(announced).toHaveLength(0);
    const [row] = await db.select().from(users).where(eq(users.email, 'boss@example.org'));
    expect(row?.role).toBe('admin');
  });

  it('is not generated when the database already has users', async () => {
    const { run, announced, db, deps } = await setup();
    await deps.auth.api.signUpEmail({ body: { name: 'Someone', email: 'someone@example.com', password: 'Secret#12' } });
    await run();
    expect(announced).toHaveLength(0);
    expect((await db.select().from(users).where(eq(users.role, 'admin'))).length).toBe(0);
  });

  it('finishes a creation a crash interrupted (account made, role not yet set)', async () => {
    const { run, db, deps } = await setup({ ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'Admin#2026' });
    await deps.auth.api.signUpEmail({ body: { name: 'Administrator', email: 'boss@example.org', password: 'Admin#2026' } });
    await run();
    const [row] = await db.select().from(users).where(eq(users.email, 'boss@example.org'));
    expect(row?.role).toBe('admin');
  });
});

describe('generatePassword', () => {
  it('always meets the password rules', () => {
    for (let i = 0; i < 200; i++) expect(passwordSchema.safeParse(generatePassword()).success).toBe(true);
  });
});
