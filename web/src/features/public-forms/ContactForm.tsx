import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { CONTACT_MESSAGE_MAX } from '@rent/shared/core/account';
import { useSendContactMessage } from '../../api/account';
import { usePublicForm } from './use-public-form';

/** The contact form on /help (no sign-in): emailed to support. */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = usePublicForm({ name: '', email: '', message: '' }, (fields) => send.mutateAsync(fields));
  if (form.sent) {
    return (
      <Alert type="success" data-testid="contact-sent" action={<Button onClick={form.reset}>Send another</Button>}>
        {form.sent}
      </Alert>
    );
  }
  return (
    // noValidate: the browser's own bubble for a malformed email is invisible to screen readers and, in some
    // browsers, to everyone; the server's message shows at the field instead.
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
      data-testid="contact-form"
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={form.busy} data-testid="contact-send">
            Send message
          </Button>
        }
        errorText={form.error}
      >
        <SpaceBetween size="m">
          <FormField label="Your name" errorText={form.issues.name}>
            <Input
              value={form.fields.name}
              onChange={({ detail }) => form.set('name')(detail.value)}
              autoComplete="name"
            />
          </FormField>
          <FormField label="Your email" description="We answer here." errorText={form.issues.email}>
            <Input
              type="email"
              value={form.fields.email}
              onChange={({ detail }) => form.set('email')(detail.value)}
              autoComplete="email"
            />
          </FormField>
          <FormField label="Message" errorText={form.issues.message}>
            <Textarea
              value={form.fields.message}
              onChange={({ detail }) => form.set('message')(detail.value.slice(0, CONTACT_MESSAGE_MAX))}
              rows={5}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
