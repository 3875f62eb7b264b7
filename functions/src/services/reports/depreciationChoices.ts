import {
  type AssetChoice,
  BUILDING_ASSET,
  CAPEX_RECOVERY_CLASS,
  categoryLabel,
  type DepreciationChoicesInput,
  fromCents,
  type PropertyRecord,
  parseAssetKey,
} from '@rent/shared';
import {
  type DepreciationChoicesRecord,
  getDepreciationChoices,
  saveDepreciationChoices,
} from '../../data/reports/depreciationChoices.js';
import { getProperty } from '../../data/tenancy/properties.js';
import { Invalid } from '../../domain-errors.js';
import { todayOf } from '../../lib/today.js';

/**
 * A property's per-asset depreciation choices (docs/reports-and-tax.md "Depreciation schedule"): depreciation taken
 * before the books (an amount through a year) and the bonus depreciation (taken, elected out, or the default). Staff
 * read them; owners save them (the route's roles). Another organization's property is a 404 (read by the caller's
 * organization). Each choice is checked against the property: a 400 says what is wrong in words.
 */

interface Caller {
  orgId: string;
  userId: string;
  /** The caller's calendar day (lib/today.ts). */
  today?: string;
}

const toWire = (record: DepreciationChoicesRecord) => ({
  propertyId: record.propertyId,
  version: record.version,
  assets: Object.entries(record.assets)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, c]) => ({
      key,
      priorDepreciation: c.priorDepreciation === null ? null : fromCents(c.priorDepreciation),
      priorThroughYear: c.priorThroughYear,
      bonus: c.bonus,
    })),
});

export async function depreciationChoices(caller: Caller, propertyId: string) {
  // The property is read beside its choices (another organization's is a 404): one round trip, not two.
  const [, choices] = await Promise.all([
    getProperty(caller.orgId, propertyId),
    getDepreciationChoices(caller.orgId, propertyId),
  ]);
  return toWire(choices);
}

/** Why a choice cannot be saved for this property, in words; null when it can. */
function choiceProblem(
  property: PropertyRecord,
  asset: DepreciationChoicesInput['assets'][number],
  thisYear: number,
): string | null {
  const parsed = parseAssetKey(asset.key);
  if (!parsed) return `"${asset.key}" is not an asset of the depreciation schedule.`;
  const building = parsed.category === BUILDING_ASSET;
  const name = building ? 'The building' : `${categoryLabel(parsed.category)} (${parsed.month})`;
  if (building && property.propertyType === 'LAND') return 'Land is not depreciated: this property has no building.';
  if ((asset.priorDepreciation === null) !== (asset.priorThroughYear === null)) {
    return `${name}: enter both the depreciation taken before the books and the last year it covers.`;
  }
  if (asset.priorThroughYear !== null) {
    const placed = building ? property.acquisitionDate?.slice(0, 4) : parsed.month?.slice(0, 4);
    if (!placed) return 'Add the acquisition date to the property before entering depreciation taken on the building.';
    if (asset.priorThroughYear < Number(placed)) {
      return `${name} was placed in service in ${placed}: depreciation taken before the books cannot end in ${asset.priorThroughYear}.`;
    }
    if (asset.priorThroughYear > thisYear) {
      return `${name}: depreciation taken before the books can run through ${thisYear} at the latest.`;
    }
  }
  if (asset.bonus !== null) {
    if (building || CAPEX_RECOVERY_CLASS[parsed.category] === 'residential27_5') {
      return `${name} is part of the building (27.5 or 39 years): only property with a recovery period of 20 years or less can take bonus depreciation.`;
    }
    if (CAPEX_RECOVERY_CLASS[parsed.category] === null) {
      return `${name}: its class is not known (the preparer's call), so bonus depreciation cannot be chosen for it.`;
    }
  }
  return null;
}

export async function updateDepreciationChoices(caller: Caller, propertyId: string, input: DepreciationChoicesInput) {
  const property = await getProperty(caller.orgId, propertyId);
  const thisYear = Number(todayOf(caller).slice(0, 4));
  const assets: Record<string, AssetChoice> = {};
  for (const asset of input.assets) {
    if (asset.key in assets) throw new Invalid(`"${asset.key}" is listed twice: give each asset once.`);
    const problem = choiceProblem(property, asset, thisYear);
    if (problem) throw new Invalid(problem);
    const { key, ...choice } = asset;
    // An asset with nothing chosen is not stored: it takes the defaults.
    if (choice.priorDepreciation === null && choice.bonus === null) continue;
    assets[key] = choice;
  }
  return toWire(await saveDepreciationChoices(caller.orgId, propertyId, input.version, assets, caller.userId));
}
