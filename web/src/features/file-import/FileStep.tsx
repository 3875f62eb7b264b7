import Alert from '@cloudscape-design/components/alert';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IMPORT_MAX_FILE_MB } from '@rent/shared/core/imports';
import { formatCount } from '@rent/shared/core/money';
import { useId, useState } from 'react';
import { PropertyPicker } from '../../components/PropertyPicker';
import { IMPORT_ACCEPT, type ImportWizardState } from './use-import-wizard';

const NO_ACCOUNT: SelectProps.Option = { value: '', label: 'No account' };

/** Step 1: the file (CSV, OFX or QFX), the account it belongs to, and the default property. */
export function FileStep({ wizard }: { wizard: ImportWizardState }) {
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const accounts = wizard.accounts.data ?? [];
  const options: SelectProps.Option[] = [
    NO_ACCOUNT,
    ...accounts.map((a) => ({
      value: a.id,
      label: a.mask ? `${a.name} ••${a.mask}` : a.name,
      description: a.institutionName,
    })),
  ];
  const selected = options.find((o) => o.value === wizard.bankAccountId) ?? NO_ACCOUNT;
  return (
    <SpaceBetween size="l">
      <FormField
        label="Bank file"
        description={`A CSV export, or an OFX or QFX statement, up to ${IMPORT_MAX_FILE_MB} MB.`}
        errorText={wizard.fileError ?? undefined}
      >
        <FileUpload
          value={files}
          accept={IMPORT_ACCEPT}
          onChange={({ detail }) => {
            setFiles(detail.value);
            void wizard.chooseFile(detail.value[0] ?? null);
          }}
          showFileSize
          showFileLastModified
          constraintText="CSV, TSV, OFX or QFX"
          data-testid="import-file"
          i18nStrings={{
            uploadButtonText: () => 'Choose file',
            dropzoneText: () => 'Drop a file to import',
            removeFileAriaLabel: () => 'Remove file',
            limitShowFewer: 'Show fewer files',
            limitShowMore: 'Show more files',
            errorIconAriaLabel: 'Error',
          }}
        />
      </FormField>
      {wizard.loaded && !wizard.fileError ? (
        <Alert type="info" data-testid="import-file-summary">
          {wizard.loaded.kind === 'ofx'
            ? `OFX statement: ${formatCount(wizard.loaded.rows.length)} transactions found.`
            : `CSV file: ${formatCount(wizard.loaded.layout.data.length)} rows${
                wizard.loaded.layout.headerIndex === null
                  ? ', no header row'
                  : `, header on line ${wizard.loaded.layout.data.length ? wizard.loaded.layout.data[0]!.line - 1 : 1}`
              }.`}
        </Alert>
      ) : null}
      <FormField
        label="Account"
        controlId={`${id}-account`}
        description="The bank account these transactions belong to. Duplicates are looked for in it."
      >
        <Select
          controlId={`${id}-account`}
          selectedOption={selected}
          options={options}
          onChange={({ detail }) => wizard.setBankAccountId(detail.selectedOption.value ?? '')}
          statusType={wizard.accounts.isPending && wizard.accounts.fetchStatus === 'fetching' ? 'loading' : 'finished'}
          loadingText="Loading accounts"
          data-testid="import-account"
        />
      </FormField>
      <FormField
        label="Default property"
        controlId={`${id}-property`}
        description="Given to every imported transaction. Rules still set categories."
      >
        <PropertyPicker
          controlId={`${id}-property`}
          value={wizard.propertyId}
          onChange={(value) => wizard.setPropertyId(value)}
          allOptionLabel="No property"
          testId="import-property"
        />
      </FormField>
    </SpaceBetween>
  );
}
