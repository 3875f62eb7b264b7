import type { DepreciationChoices, DepreciationChoicesBody } from '../../api/reports';

/** The asset choice form as typed: text fields, and the bonus as one of three. */
export interface AssetChoiceDraft {
  priorDepreciation: string;
  priorThroughYear: string;
  bonus: 'default' | 'take' | 'out';
}

type Saved = DepreciationChoices['assets'][number];

export function assetDraftOf(saved: Saved | undefined): AssetChoiceDraft {
  return {
    priorDepreciation: saved?.priorDepreciation === null || !saved ? '' : saved.priorDepreciation.toFixed(2),
    priorThroughYear: saved?.priorThroughYear === null || !saved ? '' : String(saved.priorThroughYear),
    bonus: saved?.bonus === true ? 'take' : saved?.bonus === false ? 'out' : 'default',
  };
}

/**
 * The PUT body: every other asset's saved choice as it was, and this asset's from the draft (the server checks it
 * and answers a 400 in words; an empty amount and year mean none carried in).
 */
export function assetChoicesBody(
  choices: DepreciationChoices,
  key: string,
  draft: AssetChoiceDraft,
): DepreciationChoicesBody {
  const amount = draft.priorDepreciation.trim().replace(/[$,]/g, '');
  const through = draft.priorThroughYear.trim();
  const others = choices.assets
    .filter((a) => a.key !== key)
    .map((a) => ({ ...a, priorThroughYear: a.priorThroughYear === null ? null : String(a.priorThroughYear) }));
  return {
    version: choices.version,
    assets: [
      ...others,
      {
        key,
        priorDepreciation: amount === '' ? null : amount,
        priorThroughYear: through === '' ? null : through,
        bonus: draft.bonus === 'default' ? null : draft.bonus === 'take',
      },
    ],
  };
}
