import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { type Property, useDeleteProperty } from '../../api/properties';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { toast } from '../../components/toast/store';

/**
 * Confirms a delete, naming the address. The server refuses (409) while transactions, tenants or
 * maintenance requests still point at the property; its message is shown as is.
 */
export function DeletePropertyModal({
  property,
  onClose,
}: {
  property: Property | null;
  onClose: (deleted: boolean) => void;
}) {
  const remove = useDeleteProperty();
  const [error, setError] = useState<string | null>(null);
  // Keep showing the address while the modal animates closed.
  const [shown, setShown] = useState(property);
  useEffect(() => {
    if (property) {
      setShown(property);
      setError(null);
    }
  }, [property]);

  const onDelete = async () => {
    if (!property) return;
    setError(null);
    try {
      await remove.mutateAsync(property.id);
      toast.success('Property deleted', { description: property.address, duration: 3000 });
      onClose(true);
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete property'));
    }
  };

  return (
    <Modal
      visible={!!property}
      onDismiss={() => {
        if (!remove.isPending) onClose(false);
      }}
      header="Delete property"
      closeAriaLabel="Close"
      data-testid="property-delete-modal"
      footer={
        <ConfirmFooter
          confirmLabel="Delete"
          onCancel={() => onClose(false)}
          onConfirm={() => void onDelete()}
          busy={remove.isPending}
          busyText="Deleting"
          confirmTestId="property-delete-confirm"
        />
      }
    >
      <SpaceBetween size="m">
        <Box variant="p" margin="n">
          Delete <Box variant="strong">{shown?.address}</Box> permanently? This cannot be undone.
        </Box>
        {error ? (
          <Alert type="error" header="The property was not deleted" data-testid="property-delete-error">
            {error}
          </Alert>
        ) : null}
      </SpaceBetween>
    </Modal>
  );
}
