import { describe, expect, it } from 'vitest';
import { assetChoicesBody, assetDraftOf } from '../../web/src/pages/reports/assetChoice';

describe('the asset choice form', () => {
  const choices = {
    propertyId: 'p1',
    version: 3,
    assets: [
      { key: 'building', priorDepreciation: 49583.33, priorThroughYear: 2019, bonus: null },
      { key: 'appliances@2024-06', priorDepreciation: null, priorThroughYear: null, bonus: true },
    ],
  };

  it('starts from what is saved', () => {
    expect(assetDraftOf(choices.assets[0])).toEqual({
      priorDepreciation: '49583.33',
      priorThroughYear: '2019',
      bonus: 'default',
    });
    expect(assetDraftOf(choices.assets[1])).toMatchObject({ priorDepreciation: '', bonus: 'take' });
    expect(assetDraftOf(undefined)).toEqual({ priorDepreciation: '', priorThroughYear: '', bonus: 'default' });
  });

  it('saves this asset and keeps the others as they were, with the version read', () => {
    const body = assetChoicesBody(choices, 'building', {
      priorDepreciation: '$50,000.00',
      priorThroughYear: ' 2019 ',
      bonus: 'default',
    });
    expect(body).toEqual({
      version: 3,
      assets: [
        { key: 'appliances@2024-06', priorDepreciation: null, priorThroughYear: null, bonus: true },
        { key: 'building', priorDepreciation: '50000.00', priorThroughYear: '2019', bonus: null },
      ],
    });
    const out = assetChoicesBody(choices, 'appliances@2024-06', {
      priorDepreciation: '',
      priorThroughYear: '',
      bonus: 'out',
    });
    expect(out.assets.at(-1)).toEqual({
      key: 'appliances@2024-06',
      priorDepreciation: null,
      priorThroughYear: null,
      bonus: false,
    });
  });
});
