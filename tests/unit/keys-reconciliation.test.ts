import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys.js';

/** The reconciliation rows of the access-pattern table (functions/src/data/keys.ts, README "Data model"). */
describe('reconciliation key shapes', () => {
  it("reconciliation: ORG#o / RECON#<account>#<yyyy-mm>, an account's listed by RECON#<account>#", () => {
    expect(keys.reconciliation('o1', 'a1', '2026-03')).toEqual({ PK: 'ORG#o1', SK: 'RECON#a1#2026-03' });
    expect(keys.reconciliationsPrefix('o1', 'a1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'RECON#a1#' });
    // Months sort as text: an account's reconciliations come oldest month first.
    expect(keys.reconciliation('o1', 'a1', '2025-12').SK < keys.reconciliation('o1', 'a1', '2026-01').SK).toBe(true);
  });

  it('log: ORG#o / RECONLOG#<account>#at#id, outside the RECON#<account># prefix', () => {
    expect(keys.reconciliationLog('o1', 'a1', '2026-04-01T10:00:00.000Z', 'e1')).toEqual({
      PK: 'ORG#o1',
      SK: 'RECONLOG#a1#2026-04-01T10:00:00.000Z#e1',
    });
    expect(keys.reconciliationLogPrefix('o1', 'a1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'RECONLOG#a1#' });
    expect(
      keys.reconciliationLog('o1', 'a1', 'at', 'e').SK.startsWith(keys.reconciliationsPrefix('o1', 'a1').SKPrefix),
    ).toBe(false);
  });
});
