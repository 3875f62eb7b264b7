import { randomUUID } from 'node:crypto';
import type { MembershipAction, MembershipEvent } from '@rent/shared';
import { MEMBERSHIP_ACTIONS } from '@rent/shared';
import * as z from 'zod';
import { tableName } from '../client.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { keys } from '../keys.js';
import { prefixQuery, queryPage } from '../query.js';
import type { TransactOp } from '../transact.js';

/**
 * An organization's membership activity (ORG#o / MEMBERLOG#at#e): the org-scoped copy of the membership
 * events the security log records per person. Each is a Put that joins the TransactWriteItems of the change
 * itself (data/people/members.ts, invitations.ts), so the activity never misses or invents a change.
 * Kept a year, like the security log (ttl).
 */
const RETENTION_SECONDS = 365 * 24 * 3600;

export interface MembershipEventInput {
  action: MembershipAction;
  /** Who did it: a name or an email. */
  actor: string;
  details: string;
}

export function membershipEventOp(orgId: string, event: MembershipEventInput, at = new Date()): TransactOp {
  const id = randomUUID();
  const createdAt = at.toISOString();
  return {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.membershipEvent(orgId, createdAt, id),
          type: 'MembershipEvent',
          id,
          orgId,
          action: event.action,
          actor: event.actor.slice(0, 200),
          details: event.details.slice(0, 300),
          createdAt,
          ttl: Math.floor(at.getTime() / 1000) + RETENTION_SECONDS,
        },
      },
    },
  };
}

const EventCursor = z.strictObject({ v: z.literal(1), k: z.strictObject({ PK: z.string(), SK: z.string() }) });

/** The organization's membership events, newest first (the sort key starts with the ISO time), paged. */
export async function listMembershipEvents(
  orgId: string,
  page: { limit: number; cursor?: string },
): Promise<{ events: MembershipEvent[]; nextCursor: string | null }> {
  const prefix = keys.membershipEventsPrefix(orgId);
  const belongs = (c: z.infer<typeof EventCursor>) =>
    c.k.PK === prefix.PK && /^MEMBERLOG#[0-9TZ:.-]{20,30}#[A-Za-z0-9-]{1,64}$/.test(c.k.SK);
  const start = page.cursor ? decodeCursor(page.cursor, EventCursor, belongs).k : undefined;
  const result = await queryPage(
    prefixQuery(tableName(), prefix.PK, prefix.SKPrefix, { ScanIndexForward: false, Limit: page.limit }),
    start,
  );
  return {
    events: result.items.map(toApi),
    nextCursor: result.next
      ? encodeCursor({ v: 1, k: { PK: result.next.PK as string, SK: result.next.SK as string } })
      : null,
  };
}

function toApi(item: Record<string, unknown>): MembershipEvent {
  const action = MEMBERSHIP_ACTIONS.find((a) => a === item.action) ?? 'ROLE_CHANGED';
  return {
    id: String(item.id),
    action,
    actor: String(item.actor ?? ''),
    details: String(item.details ?? ''),
    createdAt: String(item.createdAt),
  };
}
