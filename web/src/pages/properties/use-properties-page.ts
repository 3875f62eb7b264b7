import { isTenant, STAFF } from '@rent/shared/core/roles';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOrganization } from '../../api/organization';
import { type Property, useProperties } from '../../api/properties';
import { useTablePreferences } from '../../lib/useTablePreferences';
import { COLUMN_IDS, DEFAULT_PREFS, PREFS_KEY } from './columns';

/**
 * The Properties page's data and state: who may edit, the properties (narrowed to the picked one), table
 * preferences, the add/edit drawer (`?new=1` opens it empty, `?edit=<id>` on that property), the property to delete
 * and the one whose leases are open.
 */
export function usePropertiesPage() {
  const org = useOrganization();
  const canEdit = !!org.role && STAFF.includes(org.role);
  const tenant = isTenant(org.role);
  const query = useProperties();
  const all = query.data ?? [];
  const [searchParams, setSearchParams] = useSearchParams();

  const [pickedId, setPickedId] = useState('');
  const [prefs, savePrefs] = useTablePreferences(PREFS_KEY, DEFAULT_PREFS, { columns: COLUMN_IDS });
  const [drawer, setDrawer] = useState<{ open: boolean; property: Property | null }>({ open: false, property: null });
  const [toDelete, setToDelete] = useState<Property | null>(null);
  const [leasesOf, setLeasesOf] = useState<Property | null>(null);
  const [loansOf, setLoansOf] = useState<Property | null>(null);

  // /properties?new=1 (from the dashboard) opens the add form.
  useEffect(() => {
    if (searchParams.get('new') === '1' && canEdit) {
      setDrawer({ open: true, property: null });
      const next = new URLSearchParams(searchParams);
      next.delete('new');
      setSearchParams(next, { replace: true });
    }
  }, [searchParams, setSearchParams, canEdit]);

  // /properties?edit=<id> (from the dashboard's "Needs attention") opens that property's form once the list is here.
  const editId = searchParams.get('edit');
  useEffect(() => {
    if (!editId || !canEdit || !query.data) return;
    const property = query.data.find((p) => p.id === editId);
    if (property) setDrawer({ open: true, property });
    const next = new URLSearchParams(searchParams);
    next.delete('edit');
    setSearchParams(next, { replace: true });
  }, [editId, canEdit, query.data, searchParams, setSearchParams]);

  const source = useMemo(() => (pickedId ? all.filter((p) => p.id === pickedId) : all), [all, pickedId]);

  const openAdd = () => setDrawer({ open: true, property: null });
  const openEdit = (p: Property) => setDrawer({ open: true, property: p });

  return {
    canEdit,
    tenant,
    /** The role is not known yet (what the person may do is still to come). */
    roleLoading: org.isPending,
    query,
    all,
    source,
    pickedId,
    setPickedId,
    prefs,
    savePrefs,
    drawer,
    closeDrawer: () => setDrawer((d) => ({ ...d, open: false })),
    openAdd,
    openEdit,
    toDelete,
    setToDelete,
    /** The property whose Tenants and leases drawer is open. */
    leasesOf,
    setLeasesOf,
    /** The property whose Loans drawer is open. */
    loansOf,
    setLoansOf,
  };
}
