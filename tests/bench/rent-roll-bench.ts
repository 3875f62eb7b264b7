import { localSubFor } from '../../infra/local/demo-users.js';
import type { LocalStack } from '../../infra/local/stack.js';
import { client } from './rules-bench.js';
import { ms } from './stats.js';

export const RENT_ROLL_LEASES = 50;
export const RENT_ROLL_MONTHS = 24;
const PROPERTIES = 10;

/**
 * The rent roll bench's organization: 50 leases (5 units on each of 10 properties, tenants added as
 * members the way invitation acceptance does) running through the last 24 months, and each month's rent received
 * through the API, so every payment is linked to its lease by the write path's own rule. Returns the period and the
 * tenants.
 */
export async function seedRentRoll(stack: LocalStack, owner: string, orgId: string) {
  const started = performance.now();
  const api = client(stack, owner);
  const { addMember } = await import('@rent/functions/data/people/members');
  const month = (back: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - back);
    return d.toISOString().slice(0, 7);
  };
  const from = month(RENT_ROLL_MONTHS - 1);
  const to = month(0);
  const leases: { propertyId: string; rent: number }[] = [];
  const tenants: string[] = [];
  for (let p = 0; p < PROPERTIES; p++) {
    const property = await api.post('/api/properties', { address: `${p + 1} Rent Roll Row`, numberOfUnits: 5 });
    if (property.status !== 201) throw new Error(`property: ${property.status} ${JSON.stringify(property.body)}`);
    for (let unit = 1; unit <= RENT_ROLL_LEASES / PROPERTIES; unit++) {
      const email = `rent-roll-${p}-${unit}@example.com`;
      const userId = localSubFor(email);
      await addMember(orgId, { userId, email, name: `Tenant ${p}-${unit}`, image: null }, 'TENANT');
      tenants.push(userId);
      const rent = 1000 + 50 * unit;
      const lease = await api.post(`/api/properties/${property.body.id}/leases`, {
        userId,
        unitLabel: `Unit ${unit}`,
        leaseStart: `${from}-01`,
        leaseEnd: null,
        monthlyRent: rent,
      });
      if (lease.status !== 201) throw new Error(`lease: ${lease.status} ${JSON.stringify(lease.body)}`);
      leases.push({ propertyId: property.body.id, rent });
    }
  }
  // One payment per lease and month; a few months short, so the roll has partial and unpaid months too.
  for (let back = RENT_ROLL_MONTHS - 1; back >= 0; back--) {
    await Promise.all(
      leases.map(async (lease, i) => {
        if ((i + back) % 11 === 0) return; // unpaid
        const res = await api.post('/api/transactions', {
          name: `Rent ${i}`,
          date: `${month(back)}-0${1 + (i % 5)}`,
          amount: (i + back) % 7 === 0 ? lease.rent / 2 : lease.rent,
          category: 'rental_income',
          propertyId: lease.propertyId,
        });
        if (res.status !== 201) throw new Error(`rent: ${res.status} ${JSON.stringify(res.body)}`);
      }),
    );
  }
  console.log(
    `seeded ${RENT_ROLL_LEASES} leases and their rent over ${RENT_ROLL_MONTHS} months in ${ms(performance.now() - started)}`,
  );
  return { from, to, tenants };
}
