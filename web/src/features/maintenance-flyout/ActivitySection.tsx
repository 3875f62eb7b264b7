import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { MAINTENANCE_STATUS_LABELS, type MaintenanceStatus } from '@rent/shared/core/maintenance';
import { useState } from 'react';
import { type MaintenanceEvent, useAddMaintenanceComment, useMaintenanceActivity } from '../../api/maintenance';
import { useSession } from '../../auth/session';
import { toast } from '../../components/toast/store';
import { formatDateTime } from '../../lib/dates';
import type { StaffOption } from './MaintenanceFlyout';

const statusLabel = (value: string | null) =>
  value ? (MAINTENANCE_STATUS_LABELS[value as MaintenanceStatus] ?? value) : '—';

/**
 * docs/product.md "How people are named": the reader is "You" ("You reopened it", "assigned it to you"); others by
 * name, then e-mail, then "Unknown".
 */
export function authorLabel(author: MaintenanceEvent['author'], me: string | undefined) {
  if (author.id === me) return 'You';
  return author.name || author.email || 'Unknown';
}

export function describeEvent(e: MaintenanceEvent, me: string | undefined, assignee: (id: string) => string) {
  const who = authorLabel(e.author, me);
  if (e.kind === 'REPORTED') return `${who} reported it`;
  if (e.kind === 'STATUS') {
    const reopened = e.from === 'RESOLVED';
    return `${who} ${reopened ? 'reopened it' : 'changed the status'}: ${statusLabel(e.from)} → ${statusLabel(e.to)}`;
  }
  if (e.kind === 'ASSIGNED') return e.to ? `${who} assigned it to ${assignee(e.to)}` : `${who} unassigned it`;
  return `${who}: ${e.body ?? ''}`;
}

/** The request's timeline and a message box (3 rows; a blank message cannot be sent). */
export function ActivitySection({ requestId, assignees }: { requestId: string; assignees: readonly StaffOption[] }) {
  const me = useSession().data?.userId;
  const activity = useMaintenanceActivity(requestId);
  const send = useAddMaintenanceComment(requestId);
  const [text, setText] = useState('');
  const assignee = (id: string) =>
    id === me ? 'you' : (assignees.find((a) => a.userId === id)?.label ?? 'a team member');

  async function submit() {
    const body = text.trim();
    if (!body) return;
    try {
      await send.mutateAsync(body);
      setText('');
    } catch (error) {
      toast.error('Failed to post message.', {
        description: error instanceof Error && error.message ? error.message : 'Unable to send message.',
      });
    }
  }

  return (
    <SpaceBetween size="s">
      <Header variant="h3">Activity</Header>
      {activity.isError ? (
        <Box color="text-status-error">Unable to load messages</Box>
      ) : activity.isPending ? (
        <Box color="text-status-inactive">Loading activity...</Box>
      ) : (
        <ol className="rt-maintenance-activity" data-testid="maintenance-activity">
          {activity.data.map((e) => (
            <li key={e.id}>
              <Box variant="small" color="text-body-secondary">
                {formatDateTime(e.createdAt)}
              </Box>
              <Box>{describeEvent(e, me, assignee)}</Box>
            </li>
          ))}
        </ol>
      )}
      <FormField label="Message" controlId="maintenance-message">
        <Textarea
          controlId="maintenance-message"
          rows={3}
          value={text}
          onChange={({ detail }) => setText(detail.value)}
          placeholder="Write a message about this request"
          data-testid="maintenance-message"
        />
      </FormField>
      <Button
        formAction="none"
        onClick={() => void submit()}
        disabled={!text.trim()}
        loading={send.isPending}
        data-testid="maintenance-message-send"
      >
        Send message
      </Button>
    </SpaceBetween>
  );
}
