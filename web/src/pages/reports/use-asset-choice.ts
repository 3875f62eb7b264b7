import { OWNERS } from '@rent/shared/core/roles';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useOrganization } from '../../api/organization';
import { type PropertyDepreciationRow, useDepreciationChoices, useSaveDepreciationChoices } from '../../api/reports';
import { type AssetChoiceDraft, assetChoicesBody, assetDraftOf } from './assetChoice';

type Asset = PropertyDepreciationRow['assets'][number];

/**
 * Editing one asset's depreciation choices from the Depreciation tab: owners only (managers read the schedule);
 * the property's saved choices are read when the form opens, and the save sends them back with this one changed.
 */
export function useAssetChoice() {
  const { role } = useOrganization();
  const canEdit = !!role && OWNERS.includes(role);
  const [editing, setEditing] = useState<{ address: string; propertyId: string; asset: Asset } | null>(null);
  const [draft, setDraft] = useState<AssetChoiceDraft | null>(null);
  const choices = useDepreciationChoices(editing?.propertyId ?? null);
  const save = useSaveDepreciationChoices();
  const saved = choices.data?.assets.find((a) => a.key === editing?.asset.key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh draft when the form opens or the choices arrive
  useEffect(() => {
    if (editing && choices.data) setDraft(assetDraftOf(saved));
  }, [editing?.asset.key, editing?.propertyId, choices.data?.version]);
  const close = () => {
    setEditing(null);
    setDraft(null);
    save.reset();
  };
  return {
    canEdit,
    editing,
    draft,
    setDraft,
    busy: save.isPending || (editing !== null && choices.isLoading),
    error: save.error ? errorMessage(save.error) : choices.error ? errorMessage(choices.error) : null,
    edit: (propertyId: string, address: string, asset: Asset) => {
      save.reset();
      setDraft(null);
      setEditing({ propertyId, address, asset });
    },
    cancel: close,
    submit: () => {
      if (!editing || !draft || !choices.data) return;
      save.mutate(
        { propertyId: editing.propertyId, body: assetChoicesBody(choices.data, editing.asset.key, draft) },
        { onSuccess: close },
      );
    },
  };
}
