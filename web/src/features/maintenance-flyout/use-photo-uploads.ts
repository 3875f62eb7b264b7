import { MAINTENANCE_TEXTS } from '@rent/shared/core/maintenance';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type MaintenanceRequest, uploadMaintenancePhotos } from '../../api/maintenance';
import { toast } from '../../components/toast/store';

/**
 * The flyout's photos: on a saved request they go up at once; while reporting they wait and go up once the
 * request is saved (`afterSave`), even though the flyout closes then. Progress is shown; a refusal is a toast
 * with the server's words.
 */
export function usePhotoUploads(request: MaintenanceRequest | null) {
  const client = useQueryClient();
  const [queued, setQueued] = useState<File[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);

  const upload = async (requestId: string, files: File[]) => {
    setUploading(`Uploading ${files.length === 1 ? 'the photo' : `${files.length} photos`}…`);
    try {
      await uploadMaintenancePhotos(client, requestId, files, (done) =>
        setUploading(done < files.length ? `Uploaded ${done} of ${files.length} photos…` : null),
      );
    } catch (error) {
      toast.error(MAINTENANCE_TEXTS.errorTitle, {
        description: `Error: ${errorMessage(error, 'The photo could not be uploaded.')}`,
      });
    } finally {
      setUploading(null);
    }
  };

  return {
    queued,
    uploading,
    add: (files: File[]) => (request ? void upload(request.id, files) : setQueued((q) => [...q, ...files])),
    afterSave: (saved: MaintenanceRequest) => {
      if (queued.length > 0) void upload(saved.id, queued);
    },
  };
}
