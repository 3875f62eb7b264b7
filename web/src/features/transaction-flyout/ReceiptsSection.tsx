import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { RECEIPT_ACCEPT } from '@rent/shared/core/receipts';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  fetchReceiptUrl,
  RECEIPT_TEXTS,
  type Receipt,
  receiptFileProblem,
  useDeleteReceipt,
  useReceipts,
  useReceiptThumbnail,
  useUploadReceipt,
} from '../../api/receipts';
import { toast } from '../../components/toast/store';
import { formatDateTime } from '../../lib/dates';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** Phones and tablets: offer the camera as well as the file chooser. */
const TOUCH_QUERY = '(pointer: coarse)';

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Thumbnail({ receipt }: { receipt: Receipt }) {
  const url = useReceiptThumbnail(receipt);
  if (receipt.contentType === 'application/pdf') {
    return (
      <span className="rt-receipt-thumb rt-receipt-pdf" data-testid="receipt-pdf-icon">
        <Icon name="file" size="medium" />
        <span className="rt-receipt-pdf-label">PDF</span>
      </span>
    );
  }
  return (
    <span className="rt-receipt-thumb">
      {url.data ? (
        <img src={url.data} alt="" loading="lazy" data-testid="receipt-thumbnail" />
      ) : url.isError ? (
        <Icon name="file" size="medium" />
      ) : (
        <Spinner />
      )}
    </span>
  );
}

export interface ReceiptsSectionProps {
  /** The saved transaction, or null while adding one (uploads wait unattached until it is created). */
  transactionId: string | null;
  /** Uploads made before the transaction exists; createTransaction attaches them (receiptIds). */
  pending: Receipt[];
  onPendingChange: (receipts: Receipt[]) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * docs/product.md "Receipts": choose a file (the camera too on phones), upload with progress (a presigned
 * PUT straight to storage), a list with thumbnails and a PDF icon, view in a new tab through a
 * short-lived link, and remove after a confirmation.
 */
export function ReceiptsSection({ transactionId, pending, onPendingChange, onBusyChange }: ReceiptsSectionProps) {
  const id = useId();
  const touch = useMediaQuery(TOUCH_QUERY);
  const cameraRef = useRef<HTMLInputElement>(null);
  const saved = useReceipts(transactionId);
  const upload = useUploadReceipt(transactionId);
  const remove = useDeleteReceipt(transactionId);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Receipt | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const receipts = transactionId ? (saved.data ?? []) : pending;
  const uploading = upload.isPending;

  const choose = (chosen: File[]) => {
    const file = chosen.at(-1);
    setFiles(file ? [file] : []);
    setFileError(file ? receiptFileProblem(file) : null);
  };

  const onUpload = async () => {
    const file = files[0];
    if (!file || uploading) return;
    const problem = receiptFileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    try {
      const receipt = await upload.mutateAsync({ file, onProgress: setProgress });
      if (!transactionId) onPendingChange([...pending, receipt]);
      setFiles([]);
      toast.success('Success', { description: RECEIPT_TEXTS.uploaded, duration: 3000 });
    } catch (error) {
      // The server's error, or "Failed to upload receipt".
      toast.error('Error', { description: errorMessage(error, RECEIPT_TEXTS.uploadFailed) });
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  const onView = async (receipt: Receipt) => {
    // Open the tab now (a popup opened after an await is blocked), point it at the link when it arrives.
    const tab = window.open('', '_blank');
    try {
      const url = await fetchReceiptUrl(receipt.reference);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener');
    } catch (error) {
      tab?.close();
      console.error(RECEIPT_TEXTS.urlFailed, error);
      toast.error('Error', { description: RECEIPT_TEXTS.urlFailed });
    }
  };

  const onConfirmRemove = async () => {
    const receipt = toRemove;
    if (!receipt) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(receipt.id);
      if (!transactionId) onPendingChange(pending.filter((r) => r.id !== receipt.id));
      setToRemove(null);
    } catch (error) {
      setToRemove(null);
      // Shown in an alert.
      setDeleteError(`${RECEIPT_TEXTS.deleteFailed}: ${errorMessage(error, 'please try again')}`);
    }
  };

  const openCamera = () => cameraRef.current?.click();

  return (
    <SpaceBetween size="m">
      <Header variant="h3" counter={receipts.length ? `(${receipts.length})` : undefined}>
        Receipts
      </Header>
      {deleteError ? (
        <Alert type="error" dismissible onDismiss={() => setDeleteError(null)} data-testid="receipt-delete-error">
          {deleteError}
        </Alert>
      ) : null}
      <FormField
        label="Add a receipt"
        description={
          transactionId ? undefined : 'Receipts you upload now are attached when the transaction is created.'
        }
        errorText={fileError ?? undefined}
        constraintText="JPEG, PNG, WebP or PDF, up to 10 MB."
        controlId={`${id}-file`}
        stretch
      >
        <SpaceBetween size="s">
          <div className="rt-receipt-choose" data-testid="receipt-file">
            <FileUpload
              value={files}
              onChange={({ detail }) => choose(detail.value)}
              accept={RECEIPT_ACCEPT}
              showFileSize
              showFileThumbnail
              i18nStrings={{
                uploadButtonText: () => 'Choose file',
                dropzoneText: () => 'Drop a receipt here',
                removeFileAriaLabel: (_, name) => `Remove ${name} from the upload`,
                errorIconAriaLabel: 'Error',
                warningIconAriaLabel: 'Warning',
                limitShowFewer: 'Show fewer files',
                limitShowMore: 'Show more files',
              }}
            />
          </div>
          <SpaceBetween direction="horizontal" size="xs">
            {touch ? (
              <>
                <Button
                  formAction="none"
                  iconName="video-camera-on"
                  onClick={openCamera}
                  disabled={uploading}
                  data-testid="receipt-camera"
                >
                  Take photo
                </Button>
                <input
                  ref={cameraRef}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  capture="environment"
                  hidden
                  tabIndex={-1}
                  aria-hidden="true"
                  onChange={(event) => {
                    choose([...(event.currentTarget.files ?? [])]);
                    event.currentTarget.value = '';
                  }}
                />
              </>
            ) : null}
            <Button
              formAction="none"
              iconName="upload"
              disabled={files.length === 0 || !!fileError || uploading}
              loading={uploading}
              loadingText="Uploading receipt"
              onClick={() => void onUpload()}
              data-testid="receipt-upload"
            >
              Upload
            </Button>
          </SpaceBetween>
          {progress !== null ? (
            <ProgressBar
              value={Math.round(progress * 100)}
              label="Uploading receipt"
              description={files[0]?.name}
              data-testid="receipt-progress"
            />
          ) : null}
        </SpaceBetween>
      </FormField>

      {transactionId && saved.isPending ? (
        <Box color="text-status-inactive">
          <Spinner /> Loading receipts...
        </Box>
      ) : transactionId && saved.isError ? (
        <Alert
          type="error"
          action={
            <Button formAction="none" onClick={() => void saved.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load receipts.
        </Alert>
      ) : receipts.length === 0 ? (
        <Box color="text-body-secondary" data-testid="receipts-empty">
          No receipts yet.
        </Box>
      ) : (
        <ul className="rt-receipt-list" aria-label="Receipts" data-testid="receipt-list">
          {receipts.map((receipt) => (
            <li key={receipt.id} className="rt-receipt-item" data-testid="receipt-item">
              <Thumbnail receipt={receipt} />
              <div className="rt-receipt-text">
                <Box fontWeight="bold">
                  <span className="rt-receipt-name">{receipt.fileName}</span>
                </Box>
                <Box variant="small" color="text-body-secondary">
                  {fileSize(receipt.size)} · {formatDateTime(receipt.uploadedAt)}
                </Box>
              </div>
              <SpaceBetween direction="horizontal" size="m">
                <Button
                  formAction="none"
                  variant="inline-link"
                  iconName="external"
                  iconAlign="right"
                  ariaLabel={`View ${receipt.fileName} (opens a new tab)`}
                  onClick={() => void onView(receipt)}
                  data-testid="receipt-view"
                >
                  View
                </Button>
                <Button
                  formAction="none"
                  variant="inline-link"
                  ariaLabel={`Remove ${receipt.fileName}`}
                  onClick={() => setToRemove(receipt)}
                  data-testid="receipt-remove"
                >
                  Remove
                </Button>
              </SpaceBetween>
            </li>
          ))}
        </ul>
      )}

      <Modal
        visible={!!toRemove}
        onDismiss={() => (remove.isPending ? undefined : setToRemove(null))}
        header="Remove receipt"
        data-testid="receipt-remove-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => setToRemove(null)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button
                formAction="none"
                variant="primary"
                loading={remove.isPending}
                onClick={() => void onConfirmRemove()}
                data-testid="receipt-remove-confirm"
              >
                Remove
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="xs">
          <Box variant="p">{RECEIPT_TEXTS.confirmRemove}</Box>
          {toRemove ? <Box color="text-body-secondary">{toRemove.fileName}</Box> : null}
        </SpaceBetween>
      </Modal>
    </SpaceBetween>
  );
}
