import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { auditWords } from '@rent/shared/core/auditDiff';
import { isOpenReview, REVIEW_STATUS_LABELS, REVIEW_TEXTS, type ReviewStatus } from '@rent/shared/core/reviews';
import type { ReviewRequest } from '../../api/reviews';
import { formatDateTime } from '../../lib/dates';
import { type Activity, type ActivityEntry, authorLabel, objectLabel } from './use-activity';

const STATUS_TYPE: Record<ReviewStatus, StatusIndicatorProps.Type> = {
  PENDING: 'pending',
  ACCEPTED: 'in-progress',
  REJECTED: 'stopped',
  RESOLVED: 'success',
};

/** docs/product.md "Messages tab": heading "Activity", one timeline, the message box and "Request review". */
export function ActivityTab({ activity }: { activity: Activity }) {
  return (
    <SpaceBetween size="m">
      <Header variant="h3">Activity</Header>
      <Timeline activity={activity} />
      <Composer activity={activity} />
      <RequestReview activity={activity} />
    </SpaceBetween>
  );
}

function Timeline({ activity }: { activity: Activity }) {
  // One request brings requests, messages and audit entries: its failure is the Activity's.
  if (activity.failed) {
    return (
      <Alert type="error" header={REVIEW_TEXTS.loadActivityFailed} data-testid="activity-error">
        {REVIEW_TEXTS.loadActivityFailedDetail}
      </Alert>
    );
  }
  if (activity.loading) return <Spinner />;
  if (activity.entries.length === 0) {
    return (
      <Box color="text-body-secondary" data-testid="transaction-activity">
        No messages or review requests yet.
      </Box>
    );
  }
  return (
    <ol className="rt-activity" data-testid="transaction-activity" aria-label="Activity">
      {activity.entries.map((entry) => (
        <li key={entry.key} className="rt-activity-entry">
          <Entry entry={entry} activity={activity} />
        </li>
      ))}
    </ol>
  );
}

function Entry({ entry, activity }: { entry: ActivityEntry; activity: Activity }) {
  const me = activity.me;
  if (entry.kind === 'audit') {
    const { audit } = entry;
    // docs/product.md "How people are named": the reader is "You changed …", as everywhere in the timeline.
    const actor = audit.actor ? authorLabel(audit.actor, me) : null;
    return (
      <SpaceBetween size="xxxs">
        <Box variant="small" color="text-body-secondary">
          {formatDateTime(entry.at)}
        </Box>
        <Box color="text-body-secondary" data-testid="audit-entry">
          {auditWords(audit, { actor, propertyName: activity.propertyName, fileName: audit.fileName })}
        </Box>
      </SpaceBetween>
    );
  }
  if (entry.kind === 'message') {
    return (
      <SpaceBetween size="xxxs">
        <Box variant="small" color="text-body-secondary">
          <strong>{authorLabel(entry.message.author, me)}</strong> · {formatDateTime(entry.at)}
        </Box>
        <Box>
          <span className="rt-message-body">{entry.message.body}</span>
        </Box>
      </SpaceBetween>
    );
  }
  const r = entry.review;
  const reviewer = authorLabel(r.reviewer, me);
  const line =
    entry.kind === 'request'
      ? `${authorLabel(r.requester, me)} asked ${objectLabel(r.reviewer, me)} to review`
      : entry.kind === 'accepted'
        ? `${reviewer} started the review`
        : `${reviewer} ${r.status === 'RESOLVED' ? 'resolved' : 'declined'} the review`;
  return (
    <SpaceBetween size="xxxs">
      <Box variant="small" color="text-body-secondary">
        {formatDateTime(entry.at)}
      </Box>
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Box>{line}</Box>
        {entry.kind === 'request' && (
          <span data-testid={`review-status-${r.id}`}>
            <StatusIndicator type={STATUS_TYPE[r.status]}>{REVIEW_STATUS_LABELS[r.status]}</StatusIndicator>
          </span>
        )}
      </SpaceBetween>
      {entry.kind === 'request' && isOpenReview(r.status) && <ReviewActions review={r} activity={activity} />}
    </SpaceBetween>
  );
}

/** docs/product.md "Review requests": only the assigned reviewer of an open request acts on it; everyone else waits. */
function ReviewActions({ review, activity }: { review: ReviewRequest; activity: Activity }) {
  if (review.reviewerId !== activity.me) {
    return (
      <Box variant="small" color="text-status-inactive">
        {REVIEW_TEXTS.waiting}
      </Box>
    );
  }
  const busy = activity.updating === review.id;
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button
        formAction="none"
        variant="primary"
        disabled={busy}
        onClick={() => void activity.changeStatus(review, 'RESOLVED')}
        data-testid="review-resolve"
      >
        Resolve
      </Button>
      {review.status === 'PENDING' && (
        <Button formAction="none" disabled={busy} onClick={() => void activity.changeStatus(review, 'ACCEPTED')}>
          Accept
        </Button>
      )}
      <Button formAction="none" disabled={busy} onClick={() => void activity.changeStatus(review, 'REJECTED')}>
        Decline
      </Button>
    </SpaceBetween>
  );
}

/** A 3-row message box; Cmd+Enter or Ctrl+Enter sends. */
function Composer({ activity }: { activity: Activity }) {
  const empty = activity.body.trim() === '';
  return (
    <FormField label="Message" description="Cmd+Enter or Ctrl+Enter sends.">
      <SpaceBetween size="xs">
        <Textarea
          rows={3}
          value={activity.body}
          onChange={({ detail }) => activity.setBody(detail.value)}
          onKeyDown={({ detail }) => {
            if (detail.key === 'Enter' && (detail.ctrlKey || detail.metaKey)) void activity.send();
          }}
          placeholder="Write a message"
          ariaLabel="Message"
          data-testid="message-box"
        />
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" disabled={empty} onClick={() => activity.setBody('')}>
              Clear
            </Button>
            <Button
              formAction="none"
              variant="primary"
              disabled={empty}
              loading={activity.sending}
              onClick={() => void activity.send()}
              data-testid="message-send"
            >
              Send
            </Button>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
    </FormField>
  );
}

function RequestReview({ activity }: { activity: Activity }) {
  const options = activity.reviewers.map((m) => ({ value: m.userId, label: m.name || m.email, description: m.email }));
  const selected = options.find((o) => o.value === activity.reviewerId) ?? null;
  return (
    <ExpandableSection headerText="Request review" data-testid="request-review">
      <SpaceBetween size="s">
        <FormField label="Reviewer">
          <Select
            selectedOption={selected}
            onChange={({ detail }) => activity.setReviewerId(detail.selectedOption.value ?? null)}
            options={options}
            placeholder="Choose a colleague"
            statusType={activity.reviewersLoading ? 'loading' : 'finished'}
            loadingText="Loading people..."
            empty="Nobody else on the team can review yet"
            data-testid="reviewer-select"
          />
        </FormField>
        <FormField label="What should they check?">
          <Textarea
            rows={3}
            value={activity.reviewNote}
            onChange={({ detail }) => activity.setReviewNote(detail.value)}
            ariaLabel="What should they check?"
            data-testid="review-note"
          />
        </FormField>
        <Button
          formAction="none"
          disabled={!selected || activity.reviewNote.trim() === ''}
          loading={activity.asking}
          onClick={() => void activity.askForReview()}
          data-testid="review-request-send"
        >
          Request review
        </Button>
      </SpaceBetween>
    </ExpandableSection>
  );
}
