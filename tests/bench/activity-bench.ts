import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import type { LocalStack } from '../../infra/local/stack.js';
import { ms } from './stats.js';

/**
 * The Activity timeline of a transaction with 200 events (its creation, 149 edits, 50 messages) loads
 * with ONE Query of its Activity partition. The local gateway runs the handlers in this process, so wrapping the
 * document client's `send` counts every DynamoDB call the request makes.
 */
export async function benchActivity(stack: LocalStack, token: string) {
  console.log('\n== Activity timeline of a transaction with 200 events (1 creation, 149 edits, 50 messages) ==');
  const dispatcher = new Agent({ connect: { ca: readFileSync(stack.certPath) } });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await request(`${stack.url}${path}`, {
      method: method as 'GET',
      dispatcher,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.body.json()) as Record<string, any>;
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    let txn = (await call('POST', '/api/transactions', { name: 'Bench activity', date: '2026-03-01', amount: -10 }))
      .transaction;
    for (let i = 1; i <= 149; i++) {
      txn = (
        await call('PUT', `/api/transactions/${txn.id}`, {
          name: txn.name,
          date: txn.date,
          amount: txn.amount,
          category: txn.category,
          propertyId: txn.propertyId,
          notes: `edit ${i}`,
          version: txn.version,
        })
      ).transaction;
    }
    for (let i = 1; i <= 50; i++) await call('POST', `/api/transactions/${txn.id}/messages`, { body: `message ${i}` });

    const { db } = await import('../../functions/src/data/client.js');
    const counts = new Map<string, number>();
    const send = db.send.bind(db);
    (db as { send: unknown }).send = (
      command: { constructor: { name: string }; input: { ExpressionAttributeValues?: Record<string, unknown> } },
      ...rest: unknown[]
    ) => {
      let name = command.constructor.name.replace(/Command$/, '');
      // The timeline's own Query names the Activity partition; any other Query is the caller's identity.
      if (name === 'Query') {
        const pk = String(command.input.ExpressionAttributeValues?.[':pk'] ?? '');
        name = pk.includes('#TXACT#') ? 'Query (Activity partition)' : 'Query (identity)';
      }
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    };
    const started = performance.now();
    let activity: Record<string, any>;
    try {
      activity = await call('GET', `/api/transactions/${txn.id}/activity`);
    } finally {
      (db as { send: unknown }).send = send;
    }
    const took = performance.now() - started;
    const events = activity.auditEntries.length + activity.messages.length + activity.reviewRequests.length;
    const calls = [...counts].map(([name, n]) => `${n} ${name}`).join(', ');
    console.log(
      `events in the timeline: ${events} (${activity.auditEntries.length} audit entries, ${activity.messages.length} messages)`,
    );
    console.log(
      `DynamoDB Queries for the timeline: ${counts.get('Query (Activity partition)') ?? 0}  (all calls of the request: ${calls})`,
    );
    console.log(`GET /api/transactions/{id}/activity: ${ms(took)}`);
  } finally {
    await dispatcher.close();
  }
}
