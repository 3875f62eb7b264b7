import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { useId } from 'react';
import { CategorySelect } from '../../components/CategorySelect';
import { PropertyPicker } from '../../components/PropertyPicker';
import { RuleSplitEditor } from './RuleSplitEditor';
import type { RuleDialogModel } from './use-rule-dialog';

/** The dialog's Settings tab: name, priority, description, and each criterion and action behind its toggle. */
export function RuleSettingsForm({ dialog }: { dialog: RuleDialogModel }) {
  const actionLabelId = useId();
  return (
    <form onSubmit={dialog.submit} data-testid="rule-form" noValidate>
      <SpaceBetween size="l">
        <ColumnLayout columns={2}>
          <FormField label="Name" controlId="rule-name" errorText={dialog.form.name && dialog.errors.name}>
            <Input
              data-testid="rule-name"
              controlId="rule-name"
              value={dialog.form.name}
              onChange={({ detail }) => dialog.update('name', detail.value)}
              placeholder="e.g. Home Depot supplies"
            />
          </FormField>
          <FormField
            label="Priority"
            controlId="rule-priority"
            description="Higher runs first"
            errorText={dialog.errors.priority}
          >
            <Input
              data-testid="rule-priority"
              controlId="rule-priority"
              type="number"
              inputMode="numeric"
              value={dialog.form.priority}
              onChange={({ detail }) => dialog.update('priority', detail.value)}
            />
          </FormField>
        </ColumnLayout>
        <FormField
          label={
            <span>
              Description <i>- optional</i>
            </span>
          }
          controlId="rule-description"
        >
          <Textarea
            data-testid="rule-description"
            controlId="rule-description"
            rows={2}
            value={dialog.form.description}
            onChange={({ detail }) => dialog.update('description', detail.value)}
          />
        </FormField>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-pattern-toggle"
            checked={dialog.form.patternOn}
            onChange={({ detail }) =>
              dialog.setForm((f) => ({
                ...f,
                patternOn: detail.checked,
                namePattern: detail.checked ? f.namePattern : '',
              }))
            }
          >
            Match the merchant name
          </Toggle>
          {dialog.form.patternOn && (
            <FormField
              label="Merchant name pattern"
              controlId="rule-pattern"
              description="A regular expression, matched anywhere in the name, ignoring case."
              errorText={dialog.errors.namePattern}
            >
              <Input
                data-testid="rule-pattern"
                controlId="rule-pattern"
                value={dialog.form.namePattern}
                onChange={({ detail }) => dialog.update('namePattern', detail.value)}
                placeholder="e.g. home depot|lowe's"
              />
            </FormField>
          )}
        </SpaceBetween>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-amount-toggle"
            checked={dialog.form.amountOn}
            onChange={({ detail }) =>
              dialog.setForm((f) =>
                detail.checked
                  ? { ...f, amountOn: true }
                  : { ...f, amountOn: false, amountMin: '', amountMax: '', amountExact: '' },
              )
            }
          >
            Match the amount
          </Toggle>
          {dialog.form.amountOn && (
            <ColumnLayout columns={3}>
              <FormField label="Minimum" controlId="rule-amount-min" errorText={dialog.errors.amountMin}>
                <Input
                  data-testid="rule-amount-min"
                  controlId="rule-amount-min"
                  inputMode="decimal"
                  value={dialog.form.amountMin}
                  onChange={({ detail }) => dialog.update('amountMin', detail.value)}
                />
              </FormField>
              <FormField label="Maximum" controlId="rule-amount-max" errorText={dialog.errors.amountMax}>
                <Input
                  data-testid="rule-amount-max"
                  controlId="rule-amount-max"
                  inputMode="decimal"
                  value={dialog.form.amountMax}
                  onChange={({ detail }) => dialog.update('amountMax', detail.value)}
                />
              </FormField>
              <FormField
                label="Exact"
                controlId="rule-amount-exact"
                description="Takes precedence over min and max"
                errorText={dialog.errors.amountExact}
              >
                <Input
                  data-testid="rule-amount-exact"
                  controlId="rule-amount-exact"
                  inputMode="decimal"
                  value={dialog.form.amountExact}
                  onChange={({ detail }) => dialog.update('amountExact', detail.value)}
                />
              </FormField>
            </ColumnLayout>
          )}
        </SpaceBetween>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-category-toggle"
            checked={dialog.form.categoryOn}
            onChange={({ detail }) =>
              dialog.setForm((f) => ({ ...f, categoryOn: detail.checked, category: detail.checked ? f.category : '' }))
            }
          >
            Update the category
          </Toggle>
          {dialog.form.categoryOn && (
            <SpaceBetween size="s">
              <FormField label={<span id={actionLabelId}>Action</span>} stretch>
                <SegmentedControl
                  ariaLabelledby={actionLabelId}
                  selectedId={dialog.form.categoryAction}
                  onChange={({ detail }) =>
                    dialog.setCategoryAction(detail.selectedId === 'split' ? 'split' : 'category')
                  }
                  options={[
                    { id: 'category', text: 'Set a category' },
                    { id: 'split', text: 'Split into parts' },
                  ]}
                  data-testid="rule-category-action"
                />
              </FormField>
              {dialog.form.categoryAction === 'split' ? (
                <RuleSplitEditor parts={dialog.form.splitParts} dispatch={dialog.dispatchSplit} />
              ) : (
                <FormField label="Category" controlId="rule-category">
                  <CategorySelect
                    testId="rule-category"
                    controlId="rule-category"
                    value={dialog.form.category}
                    onChange={(value) => dialog.update('category', value)}
                    allowUncategorized={false}
                  />
                </FormField>
              )}
            </SpaceBetween>
          )}
        </SpaceBetween>

        <SpaceBetween size="xs">
          <Toggle
            data-testid="rule-property-toggle"
            checked={dialog.form.propertyOn}
            onChange={({ detail }) =>
              dialog.setForm((f) => ({
                ...f,
                propertyOn: detail.checked,
                propertyId: detail.checked ? f.propertyId : '',
              }))
            }
          >
            Update property
          </Toggle>
          {dialog.form.propertyOn && (
            <FormField
              label="Property"
              controlId="rule-property"
              description="Kept with the rule; applying the rule does not change transactions' property."
            >
              <PropertyPicker
                testId="rule-property"
                controlId="rule-property"
                value={dialog.form.propertyId}
                showAllOption={false}
                onChange={(id) => dialog.update('propertyId', id)}
              />
            </FormField>
          )}
        </SpaceBetween>

        <Toggle
          data-testid="rule-active"
          checked={dialog.form.isActive}
          onChange={({ detail }) => dialog.update('isActive', detail.checked)}
        >
          Active
        </Toggle>
      </SpaceBetween>
    </form>
  );
}
