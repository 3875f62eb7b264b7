import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RULE_ERRORS } from '../../api/rules';
import { partOr } from '../../app/pageLoader';
import { RuleDialogHost } from '../../features/rule-dialog/RuleDialogHost';
import { openRuleDialog } from '../../features/rule-dialog/store';
import { lazyWhenShown } from '../../lib/lazyWhenShown';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/useMediaQuery';
import { rulesTables } from './parts';
import { RulesLists } from './RulesLists';
import { useRulesPage } from './use-rules-page';

/* Loads when a rule is first chosen for deletion: hidden, it was mounted with the page. */
const RuleDeleteModal = lazyWhenShown(() => import('./RuleDeleteModal').then((m) => m.RuleDeleteModal));

/** The tables once their code is there (on a desktop it came with the page), the lists until then. */
const RulesTables = partOr(rulesTables, RulesLists);

export const RULE_ORDER_TEXT = 'Active rules run by priority (higher first), then oldest first; the first match wins.';

/**
 * /transactions/rules: the organization's categorization rules in the order they run, each with
 * its active toggle (optimistic, docs/product.md "Rules page"), matching count, edit and delete; and the recent
 * applies, each undoable. Tables on a desktop, lists on a phone.
 */
export default function RulesPage() {
  useDocumentTitle('Categorization rules');
  const page = useRulesPage();
  const { org, staff, rules, toDelete } = page;
  // Tables on a desktop, lists on a phone (which never loads the tables' code).
  const Rows = useMediaQuery(DESKTOP_QUERY) ? RulesTables : RulesLists;

  const header = (
    <Header
      variant="h1"
      description={RULE_ORDER_TEXT}
      actions={
        <Button data-testid="rule-create" variant="primary" disabled={!staff} onClick={() => openRuleDialog()}>
          Create rule
        </Button>
      }
    >
      Categorization rules
    </Header>
  );

  if (org.role && !staff) {
    return (
      <ContentLayout header={header}>
        <Alert type="info" data-testid="rules-forbidden">
          Only administrators, landlords and property managers can manage categorization rules.
        </Alert>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {rules.errorText && (
          <Alert type="error" data-testid="rules-error" header={RULE_ERRORS.fetch}>
            {rules.errorText}
          </Alert>
        )}
        <Rows page={page} />
      </SpaceBetween>

      <RuleDeleteModal shown={toDelete !== null} page={page} />
      <RuleDialogHost />
    </ContentLayout>
  );
}
