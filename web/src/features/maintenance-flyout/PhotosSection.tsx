import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { MAINTENANCE_PHOTO_MAX_MB, MAINTENANCE_PHOTOS_MAX, PHOTO_PICKER_ACCEPT } from '@rent/shared/core/maintenance';
import { useRef } from 'react';
import { useMaintenancePhotos } from '../../api/maintenance';

const THUMB = 88;

/**
 * A request's photos (docs/tenants-and-maintenance.md "Photos"): thumbnails in boxes of a fixed size (no shift as they
 * load), and "Add photos" (the phone offers its camera or library). While reporting, the chosen photos wait (`queued`)
 * and go up once the request is saved; on a saved request they go up at once (`onAdd`).
 */
export function PhotosSection(props: {
  requestId: string | null;
  canAdd: boolean;
  queued: readonly File[];
  uploading: string | null;
  onAdd: (files: File[]) => void;
}) {
  const photos = useMaintenancePhotos(props.requestId);
  const input = useRef<HTMLInputElement>(null);
  const shown = photos.data ?? [];
  const room = MAINTENANCE_PHOTOS_MAX - shown.length - props.queued.length;
  return (
    <SpaceBetween size="s" data-testid="maintenance-photos">
      <Header
        variant="h3"
        counter={`(${shown.length + props.queued.length}/${MAINTENANCE_PHOTOS_MAX})`}
        actions={
          props.canAdd ? (
            <Button
              formAction="none"
              iconName="upload"
              disabled={room <= 0 || !!props.uploading}
              onClick={() => input.current?.click()}
              data-testid="maintenance-add-photos"
            >
              Add photos
            </Button>
          ) : undefined
        }
      >
        Photos
      </Header>
      <input
        ref={input}
        type="file"
        accept={PHOTO_PICKER_ACCEPT}
        multiple
        hidden
        aria-label="Photos of the issue"
        data-testid="maintenance-photo-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])].slice(0, Math.max(0, room));
          event.target.value = '';
          if (files.length > 0) props.onAdd(files);
        }}
      />
      {props.uploading ? <StatusIndicator type="in-progress">{props.uploading}</StatusIndicator> : null}
      {shown.length === 0 && props.queued.length === 0 ? (
        <Box color="text-body-secondary">
          No photos yet. JPEG, PNG or WebP, up to {MAINTENANCE_PHOTO_MAX_MB} MB each.
        </Box>
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {shown.map((photo) => (
            <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer" data-testid="maintenance-photo">
              <img
                src={photo.url}
                alt={photo.fileName}
                width={THUMB}
                height={THUMB}
                loading="lazy"
                style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
              />
            </a>
          ))}
          {props.queued.map((file) => (
            <Box key={`${file.name}-${file.size}`} variant="small" data-testid="maintenance-photo-queued">
              {file.name} (added when you submit)
            </Box>
          ))}
        </div>
      )}
    </SpaceBetween>
  );
}
