import type { AssetChoice } from '@rent/shared';
import { keys } from '../keys.js';
import { type ChoicesStamp, versionedChoices } from './versionedChoices.js';

/**
 * A property's per-asset depreciation choices (docs/reports-and-tax.md "Depreciation schedule"): ORG#o /
 * DEPRCHOICE#PROP#p, one small item written only once someone saves them, holding every asset's choice by key
 * ("building", "<category>@<YYYY-MM>"): depreciation taken before the books (cents, through a year) and the bonus
 * depreciation (taken, elected out, or the default). Versioned like the Schedule E choices (versionedChoices.ts):
 * the first save expects version 0 (no item), every later one the version it read (409 otherwise).
 */
export interface DepreciationChoicesRecord extends ChoicesStamp {
  propertyId: string;
  assets: Record<string, AssetChoice>;
}

const choices = versionedChoices({
  type: 'DepreciationChoices',
  what: 'depreciation',
  fields: (item) => {
    const stored = (item.assets ?? {}) as Record<string, Partial<AssetChoice>>;
    const assets: Record<string, AssetChoice> = {};
    for (const key in stored) {
      const c = stored[key]!;
      assets[key] = {
        priorDepreciation: c.priorDepreciation ?? null,
        priorThroughYear: c.priorThroughYear ?? null,
        bonus: c.bonus ?? null,
      };
    }
    return { propertyId: String(item.propertyId), assets };
  },
});

/** The property's choices, or none (version 0) when none were saved. */
export function getDepreciationChoices(orgId: string, propertyId: string): Promise<DepreciationChoicesRecord> {
  return choices.get(keys.depreciationChoices(orgId, propertyId), () => ({
    propertyId,
    assets: {},
    version: 0,
    updatedAt: null,
    updatedBy: null,
  }));
}

/** Every property's saved choices, by property (one Query: a few small items). */
export async function depreciationChoicesOfOrg(orgId: string): Promise<Map<string, Map<string, AssetChoice>>> {
  const records = await choices.under(keys.depreciationChoicesPrefix(orgId));
  return new Map(records.map((record) => [record.propertyId, new Map(Object.entries(record.assets))]));
}

/** Writes the whole item if it is still at `expected` (absent for 0). Answers the item as written. */
export function saveDepreciationChoices(
  orgId: string,
  propertyId: string,
  expected: number,
  assets: Record<string, AssetChoice>,
  byUserId: string,
): Promise<DepreciationChoicesRecord> {
  return choices.save(keys.depreciationChoices(orgId, propertyId), expected, { propertyId, assets }, byUserId);
}
