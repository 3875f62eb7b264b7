import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSubscribe } from '../../api/account';
import { usePublicForm } from './use-public-form';

/** The landing page's product-news signup: a confirmation email follows (double opt-in). */
export function NewsSignup() {
  const subscribe = useSubscribe();
  const form = usePublicForm({ email: '', name: '' }, (fields) =>
    subscribe.mutateAsync({ email: fields.email, name: fields.name || undefined }),
  );
  if (form.sent)
    return (
      <Alert type="success" data-testid="news-sent">
        {form.sent}
      </Alert>
    );
  return (
    // noValidate: the browser's own bubble for a malformed email is invisible to screen readers and, in some
    // browsers, to everyone; the server's message shows at the field instead.
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
      data-testid="news-form"
    >
      <SpaceBetween size="s">
        <Box variant="p" color="text-body-secondary" margin="n">
          A short email when something new arrives; no more than once a month. Unsubscribe any time.
        </Box>
        <SpaceBetween size="s" direction="horizontal">
          <FormField label="Email" errorText={form.issues.email}>
            <Input
              type="email"
              value={form.fields.email}
              onChange={({ detail }) => form.set('email')(detail.value)}
              autoComplete="email"
            />
          </FormField>
          <FormField label="Name" constraintText="Optional" errorText={form.issues.name}>
            <Input
              value={form.fields.name}
              onChange={({ detail }) => form.set('name')(detail.value)}
              autoComplete="name"
            />
          </FormField>
        </SpaceBetween>
        <Button formAction="submit" loading={form.busy}>
          Subscribe
        </Button>
        {form.error ? <Alert type="error">{form.error}</Alert> : null}
      </SpaceBetween>
    </form>
  );
}
