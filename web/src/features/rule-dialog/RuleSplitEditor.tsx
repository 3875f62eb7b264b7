import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { RULE_SPLIT_PARTS_MAX, SPLIT_PARTS_MIN } from '@rent/shared/core/splits';
import { useId } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { PropertyPicker } from '../../components/PropertyPicker';
import {
  type PartShare,
  type RuleSplitAction,
  type RuleSplitPartDraft,
  type RuleSplitPartErrors,
  ruleSplitPartErrors,
  ruleSplitProblems,
  SHARE_LABELS,
} from './ruleSplitForm';

const SHARES: PartShare[] = ['amount', 'percent', 'rest'];

/**
 * A rule's parts (docs/rules.md "Rules that split"): a card per part with its share (a fixed amount, a percent or the
 * rest), category, property and memo; Add part and remove within 2 to 20; what keeps the split from being saved,
 * live, in the server's words.
 */
export function RuleSplitEditor({
  parts,
  dispatch,
}: {
  parts: readonly RuleSplitPartDraft[];
  dispatch: (action: RuleSplitAction) => void;
}) {
  const errors = ruleSplitPartErrors(parts);
  const problems = ruleSplitProblems(parts);
  return (
    <SpaceBetween size="s">
      <Box variant="p" color="text-body-secondary">
        Fixed amounts come first, then the percents of the whole; the part that takes the rest gets what is left.
        Amounts take the transaction's sign. A transaction smaller than the fixed amounts and percents is left for the
        next rule.
      </Box>
      <ol className="rt-split-parts" aria-label="Parts of the split" data-testid="rule-split">
        {parts.map((part, index) => (
          <li key={part.key}>
            <RulePartCard
              part={part}
              index={index}
              errors={errors[index] ?? {}}
              removable={parts.length > SPLIT_PARTS_MIN}
              dispatch={dispatch}
            />
          </li>
        ))}
      </ol>
      <Button
        formAction="none"
        iconName="add-plus"
        onClick={() => dispatch({ type: 'add' })}
        disabled={parts.length >= RULE_SPLIT_PARTS_MAX}
        disabledReason={`A rule splits into at most ${RULE_SPLIT_PARTS_MAX} parts.`}
        data-testid="rule-split-add-part"
      >
        Add part
      </Button>
      <div aria-live="polite" data-testid="rule-split-problems">
        {problems.length === 0 ? (
          <StatusIndicator type="success">The split is ready</StatusIndicator>
        ) : (
          <ul className="rt-rule-split-problems">
            {problems.map((problem) => (
              <li key={problem}>
                <StatusIndicator type="warning">{problem}</StatusIndicator>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SpaceBetween>
  );
}

function RulePartCard({
  part,
  index,
  errors,
  removable,
  dispatch,
}: {
  part: RuleSplitPartDraft;
  index: number;
  errors: RuleSplitPartErrors;
  removable: boolean;
  dispatch: (action: RuleSplitAction) => void;
}) {
  const id = useId();
  const n = index + 1;
  const set = (field: 'amount' | 'percent' | 'category' | 'propertyId' | 'memo', value: string) =>
    dispatch({ type: 'set', index, field, value });
  return (
    <Container
      data-testid="rule-split-part"
      header={
        <Header
          variant="h3"
          headingTagOverride="h3"
          actions={
            <Button
              formAction="none"
              variant="icon"
              iconName="remove"
              ariaLabel={`Remove part ${n}`}
              disabled={!removable}
              disabledReason={`A split has at least ${SPLIT_PARTS_MIN} parts.`}
              onClick={() => dispatch({ type: 'remove', index })}
              data-testid="rule-split-part-remove"
            />
          }
        >
          Part {n}
        </Header>
      }
    >
      <ColumnLayout columns={2} minColumnWidth={200}>
        <FormField label={<span id={`${id}-share`}>{partLabel('Share', n)}</span>} stretch>
          <SegmentedControl
            ariaLabelledby={`${id}-share`}
            selectedId={part.share}
            onChange={({ detail }) => dispatch({ type: 'share', index, share: detail.selectedId as PartShare })}
            options={SHARES.map((share) => ({ id: share, text: SHARE_LABELS[share] }))}
            data-testid="rule-split-part-share"
          />
        </FormField>
        {part.share === 'amount' ? (
          <FormField label={partLabel('Amount', n)} errorText={errors.amount} controlId={`${id}-amount`} stretch>
            <Input
              controlId={`${id}-amount`}
              ariaLabel={`Amount of part ${n}`}
              value={part.amount}
              onChange={({ detail }) => set('amount', detail.value)}
              invalid={!!errors.amount}
              inputMode="decimal"
              placeholder="0.00"
              data-testid="rule-split-part-amount"
            />
          </FormField>
        ) : part.share === 'percent' ? (
          <FormField label={partLabel('Percent', n)} errorText={errors.percent} controlId={`${id}-percent`} stretch>
            <Input
              controlId={`${id}-percent`}
              ariaLabel={`Percent of part ${n}`}
              value={part.percent}
              onChange={({ detail }) => set('percent', detail.value)}
              invalid={!!errors.percent}
              inputMode="decimal"
              placeholder="0"
              data-testid="rule-split-part-percent"
            />
          </FormField>
        ) : (
          <div data-testid="rule-split-part-rest">
            <Box variant="awsui-key-label">Amount</Box>
            <Box color="text-body-secondary">What the other parts leave</Box>
          </div>
        )}
        <FormField label={partLabel('Category', n)} controlId={`${id}-category`} stretch>
          <CategorySelect
            controlId={`${id}-category`}
            ariaLabel={`Category of part ${n}`}
            value={part.category || null}
            onChange={(value) => set('category', value)}
            allowUncategorized={false}
            testId="rule-split-part-category"
          />
        </FormField>
        <FormField label={partLabel('Property', n)} controlId={`${id}-property`} stretch>
          <PropertyPicker
            controlId={`${id}-property`}
            ariaLabel={`Property of part ${n}`}
            value={part.propertyId}
            onChange={(propertyId) => set('propertyId', propertyId)}
            allOptionLabel="No property"
            placeholder="Select property"
            testId="rule-split-part-property"
          />
        </FormField>
        <FormField label={partLabel('Memo', n)} errorText={errors.memo} controlId={`${id}-memo`} stretch>
          <Input
            controlId={`${id}-memo`}
            ariaLabel={`Memo of part ${n}`}
            value={part.memo}
            onChange={({ detail }) => set('memo', detail.value)}
            invalid={!!errors.memo}
            placeholder="Optional"
            data-testid="rule-split-part-memo"
          />
        </FormField>
      </ColumnLayout>
    </Container>
  );
}

/** A label that reads "Amount of part 2" to a screen reader and "Amount" on screen (the card names the part). */
const partLabel = (field: string, n: number) => (
  <>
    {field}
    <span className="rt-sr-only"> of part {n}</span>
  </>
);
