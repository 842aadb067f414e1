import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts';
import { deleteOrphanImages } from '../images/service';
import { registerUser, type TestUser, uploadImage, userWith } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';

// Issue 30, point 5: deleting an account deletes only the pictures nothing else shows.

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWith(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const enc = encodeURIComponent;
const deleteSelf = async (who: TestUser) => {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${enc(who.email)}`, headers: who.auth, payload: { confirmEmail: who.email } });
  expect(res.statusCode, res.body).toBe(200);
};
const avatarOf = async (who: TestUser) => (await t.database.db.select({ image: users.image }).from(users).where(eq(users.id, who.id)))[0]!.image!;
const status = async (url: string) => (await t.app.inject(url)).statusCode;
async function blog(thumbnail: string, content = '<p>Give blood.</p>') {
  const res = await t.app.inject({ method: 'POST', url: '/api/blog', headers: admin.auth, payload: { blogTitle: 'A post', content, thumbnail } });
  expect(res.statusCode, res.body).toBe(201);
}

describe('DELETE /api/users/{email} and pictures', () => {
  it("an account registered with someone's avatar, a blog's thumbnail or a picture in a blog's text deletes none of them", async () => {
    const victim = await registerUser(t.app, { name: 'Victim Person' });
    const victimAvatar = await avatarOf(victim);
    const thumbnail = await uploadImage(t.app);
    const inText = await uploadImage(t.app);
    await blog(thumbnail, `<p>Our camp.</p><img src="${inText}" alt="camp">`);

    const attackers = [];
    for (const avatar of [victimAvatar, thumbnail, inText]) attackers.push(await registerUser(t.app, { avatar }));
    for (const [i, avatar] of [victimAvatar, thumbnail, inText].entries()) expect(await avatarOf(attackers[i]!)).toBe(avatar);
    for (const attacker of attackers) await deleteSelf(attacker);

    expect(await status(victimAvatar)).toBe(200);
    expect(await status(thumbnail)).toBe(200);
    expect(await status(inText)).toBe(200);
    expect(await avatarOf(victim)).toBe(victimAvatar);
    // The sweep keeps them too: they are still shown.
    await t.database.db.execute(sql`UPDATE images SET created_at = now() - interval '25 hours'`);
    await deleteOrphanImages(t.database.db);
    for (const url of [victimAvatar, thumbnail, inText]) expect(await status(url)).toBe(200);
  });

  it("deletes the account's own picture at once when nothing else shows it", async () => {
    const user = await registerUser(t.app);
    const mine = await avatarOf(user);
    expect(await status(mine)).toBe(200);
    await deleteSelf(user);
    expect(await status(mine)).toBe(404);
  });

  it('a picture shared by two accounts stays until the last of them is deleted', async () => {
    const first = await registerUser(t.app);
    const shared = await avatarOf(first);
    const second = await registerUser(t.app, { avatar: shared });
    await deleteSelf(first);
    expect(await status(shared)).toBe(200);
    await deleteSelf(second);
    expect(await status(shared)).toBe(404);
  });

  it('two accounts sharing a picture and deleting at the same moment leave it to nobody: the last deletion or the orphan sweep takes it', async () => {
    const first = await registerUser(t.app);
    const shared = await avatarOf(first);
    const second = await registerUser(t.app, { avatar: shared });
    await Promise.all([deleteSelf(first), deleteSelf(second)]);
    const id = shared.split('/').pop()!;
    await t.database.db.execute(sql`UPDATE images SET created_at = now() - interval '25 hours' WHERE id = ${id}::uuid`);
    await deleteOrphanImages(t.database.db);
    expect(await status(shared)).toBe(404);
  });
});
