import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUDIT_TEXTS } from '../../shared/audit/texts';
import { type AuditAction, type AuditTarget, PHONE_REVEAL_WINDOW_MINUTES } from '../../shared/audit/model';
import type { AuditEntry } from '../../shared/audit/schemas';
import type { Pagination } from '../../shared/api/schemas';
import type { Db, Tx } from '../db/client';
import { auditAddresses, auditLog, users } from '../db/schema/accounts';

// The audit trail (issue 17, decision 041). Every staff change is written here in the same
// transaction as the change itself, so one is never kept without the other; the table is
// append-only (a trigger refuses UPDATE, DELETE and TRUNCATE to every role, the app's included).
// Rows hold ids, never names or emails, and names are joined at read time; the client's address
// is kept beside the row in audit_addresses, which an account's deletion erases (privacy/).

type Writer = Db | Tx;

/** Who acts and from where: the signed-in user's id and the client's address (request.ip, which follows TRUST_PROXY). */
export interface AuditContext {
  actorId: string;
  ip: string | null;
}

/** The audit context of a guarded request. */
export const auditContextOf = (request: FastifyRequest): AuditContext => ({ actorId: request.currentUser?.id ?? '', ip: request.ip || null });

export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes one audit row with `tx`: call it inside the transaction of the change it records. */
export async function recordAudit(tx: Writer, context: AuditContext, record: AuditRecord): Promise<void> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorId: context.actorId || null,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      before: record.before ?? null,
      after: record.after ?? null,
    })
    .returning({ id: auditLog.id });
  if (context.ip) await tx.insert(auditAddresses).values({ auditId: row!.id, actorId: context.actorId || null, ip: context.ip });
}

/**
 * A phone shown to someone other than its owner. The request pages poll every 15 s, so one
 * viewer's sight of one owner's phone on one request is recorded at most once an hour: the row is
 * inserted only when no such row is younger (two polls racing may both insert; harmless).
 */
export async function recordPhoneReveal(db: Writer, context: AuditContext, phoneOwnerId: string, requestId: string): Promise<void> {
  if (!context.actorId || context.actorId === phoneOwnerId) return;
  await db.execute(sql`
    WITH row AS (
      INSERT INTO ${auditLog} (actor_id, action, target_type, target_id, after)
      SELECT ${context.actorId}, 'phone.reveal', 'user', ${phoneOwnerId}, jsonb_build_object('requestId', ${requestId}::text)
      WHERE NOT EXISTS (
        SELECT 1 FROM ${auditLog}
        WHERE actor_id = ${context.actorId} AND action = 'phone.reveal' AND target_id = ${phoneOwnerId}
          AND after->>'requestId' = ${requestId}::text
          AND at > now() - make_interval(mins => ${PHONE_REVEAL_WINDOW_MINUTES}::int))
      RETURNING id, actor_id)
    INSERT INTO ${auditAddresses} (audit_id, actor_id, ip) SELECT id, actor_id, ${context.ip}::text FROM row WHERE ${context.ip}::text IS NOT NULL`);
}

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
/** The first instant of a day in Dhaka. */
const dhakaDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The target's name now, looked up per row of the page (by primary key): a user's name ("Deleted
 * user" once deleted), a request's recipient, a blog's title. Ids of other types are not cast.
 */
const asUuid = sql`(CASE WHEN ${auditLog.targetId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${auditLog.targetId}::uuid END)`;
const targetNameOf = sql<string | null>`CASE ${auditLog.targetType}
  WHEN 'user' THEN (SELECT CASE WHEN u.deleted_at IS NULL THEN u.name ELSE ${AUDIT_TEXTS.deletedUser} END FROM users u WHERE u.id = ${auditLog.targetId})
  WHEN 'request' THEN (SELECT d.recipient_name FROM donation_requests d WHERE d.id = ${asUuid})
  WHEN 'blog' THEN (SELECT b.title FROM blogs b WHERE b.id = ${asUuid})
END`;

export interface AuditFilters {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** GET /audit (admins): newest first; the actor by email or id; `from` and `to` are Dhaka days, both included. */
export async function listAudit(db: Db, filters: AuditFilters, p: Pagination): Promise<{ rows: AuditEntry[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor !== undefined) {
    const actor = filters.actor.trim();
    const byEmail = actor.includes('@') ? (await db.select({ id: users.id }).from(users).where(eq(users.email, actor.toLowerCase())).limit(1))[0] : undefined;
    conditions.push(byEmail ? eq(auditLog.actorId, byEmail.id) : eq(auditLog.actorId, actor));
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) conditions.push(gte(auditLog.at, dhakaDayStart(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.at, dhakaDayStart(nextDay(filters.to))));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, ip: auditAddresses.ip, name: users.name, email: users.email, deletedAt: users.deletedAt, targetName: targetNameOf })
      .from(auditLog)
      .leftJoin(auditAddresses, eq(auditAddresses.auditId, auditLog.id))
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ entry, ip, name, email, deletedAt, targetName }) => ({
      _id: String(entry.id),
      at: entry.at.toISOString(),
      actor:
        entry.actorId === null
          ? null
          : name === null || deletedAt !== null
            ? { _id: entry.actorId, name: AUDIT_TEXTS.deletedUser, email: null }
            : { _id: entry.actorId, name, email },
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetName,
      before: asObject(entry.before),
      after: asObject(entry.after),
      ip,
    })),
  };
}

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

