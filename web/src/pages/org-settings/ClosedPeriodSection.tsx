import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { closedPeriodChangeWords } from '@rent/shared/core/auditDiff';
import { ConfirmFooter } from '../../components/ConfirmFooter';
import { formatDateTime } from '../../lib/dates';
import { type ClosedPeriodSectionModel, closedPeriodConfirmationTexts } from './use-closed-period-section';

/** Org Settings: close the books through a date (ADMIN, LANDLORD); reopen (ADMIN). */
export function ClosedPeriodSection({ section }: { section: ClosedPeriodSectionModel }) {
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Transactions dated on or before this date can no longer be created, changed or deleted, by hand, in bulk, by rules, imports or bank sync."
        >
          Closed period
        </Header>
      }
      data-testid="closed-period"
    >
      <SpaceBetween size="m">
        <Box data-testid="closed-period-status">
          {section.loading
            ? 'Loading…'
            : section.saved
              ? `The books are closed through ${section.saved}.`
              : 'No period is closed.'}
        </Box>
        <FormField label="Close the books through" controlId="closed-through">
          <DatePicker
            controlId="closed-through"
            value={section.date}
            onChange={({ detail }) => section.setDate(detail.value)}
            placeholder="YYYY/MM/DD"
            expandToViewport
          />
        </FormField>
        {section.error ? (
          <Alert type="error" header="Unable to save the closed period">
            {section.error}
          </Alert>
        ) : null}
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="primary"
            disabled={!section.date || section.date === section.saved}
            loading={section.saving}
            onClick={section.close}
            data-testid="closed-period-save"
          >
            Close the books
          </Button>
          {section.saved && section.canReopen ? (
            <Button disabled={section.saving} onClick={section.reopen} data-testid="closed-period-reopen">
              Reopen all periods
            </Button>
          ) : null}
        </SpaceBetween>
        {section.history.length > 0 ? (
          <ExpandableSection headerText="History" variant="footer" data-testid="closed-period-history">
            <SpaceBetween size="s">
              {section.history.map((change) => (
                <div key={change.id}>
                  <Box variant="small" color="text-body-secondary">
                    {formatDateTime(change.at)}
                  </Box>
                  <Box>{closedPeriodChangeWords(change)}</Box>
                </div>
              ))}
            </SpaceBetween>
          </ExpandableSection>
        ) : null}
      </SpaceBetween>
      <ClosedPeriodConfirm section={section} />
    </Container>
  );
}

/** The confirmation of a close, a reopen after a date, or a reopen of all periods. */
function ClosedPeriodConfirm({ section }: { section: ClosedPeriodSectionModel }) {
  const texts = section.confirming ? closedPeriodConfirmationTexts(section.confirming) : null;
  return (
    <Modal
      visible={!!texts}
      onDismiss={section.cancelConfirm}
      header={texts?.header ?? ''}
      data-testid="closed-period-confirm"
      footer={
        <ConfirmFooter
          confirmLabel={texts?.confirm ?? 'Save'}
          onCancel={section.cancelConfirm}
          onConfirm={section.confirm}
          busy={section.saving}
          busyText="Saving"
          confirmTestId="closed-period-confirm-apply"
        />
      }
    >
      <SpaceBetween size="m">
        {section.error ? (
          <Alert type="error" header="Unable to save the closed period">
            {section.error}
          </Alert>
        ) : null}
        <Box data-testid="closed-period-confirm-text">{texts?.body}</Box>
      </SpaceBetween>
    </Modal>
  );
}
