import { ORGANIZATION_NAME_MAX } from '@rent/shared';
import { OWNERS } from '@rent/shared/core/roles';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useOrganization, useUpdateOrganization } from '../../api/organization';
import { toast } from '../../components/toast/store';

/** Client-side check of the organization name, the same bounds the server applies. */
export function validateOrganizationName(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Organization name is required';
  if (name.length > ORGANIZATION_NAME_MAX)
    return `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`;
  return null;
}

/** The organization settings form: the name as typed, its check, and the rename (owners only). */
export function useOrgSettings() {
  const org = useOrganization();
  const update = useUpdateOrganization();
  const organization = org.organization;
  const canRename = !!org.role && OWNERS.includes(org.role);

  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  useEffect(() => {
    if (organization) setName(organization.name);
  }, [organization]);

  const validation = validateOrganizationName(name);
  const unchanged = organization ? name.trim() === organization.name : true;

  const onSubmit = async () => {
    setTouched(true);
    setSubmitError(null);
    // SPEC §5: the update is skipped if no organization is loaded.
    if (!organization || validation) return;
    try {
      const saved = await update.mutateAsync(name.trim());
      setName(saved.name);
      setTouched(false);
      toast.success('Organization updated', { description: `It is now called ${saved.name}.`, duration: 3000 });
    } catch (error) {
      setSubmitError(errorMessage(error, 'Unknown error'));
    }
  };

  return {
    org,
    organization,
    canRename,
    /** The rename form: the name as typed, its check, and save / reset. */
    form: {
      name,
      setName,
      touched,
      setTouched,
      submitError,
      validation,
      unchanged,
      saving: update.isPending,
      submit: onSubmit,
      /** Back to the saved name, with no message. */
      reset: () => {
        if (organization) setName(organization.name);
        setTouched(false);
        setSubmitError(null);
      },
    },
  };
}
