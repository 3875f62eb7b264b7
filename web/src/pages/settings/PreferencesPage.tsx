import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Tiles from '@cloudscape-design/components/tiles';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { type ThemePreference, useTheme } from '../../theme/theme';

export default function PreferencesPage() {
  useDocumentTitle('Preferences');
  const theme = useTheme();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Preferences are kept in this browser.">
          Preferences
        </Header>
      }
    >
      <Container header={<Header variant="h2">Appearance</Header>}>
        <FormField label="Theme" description={`Currently showing the ${theme.mode} theme.`} stretch>
          <Tiles
            ariaLabel="Theme"
            value={theme.preference}
            onChange={({ detail }) => theme.setPreference(detail.value as ThemePreference)}
            columns={3}
            data-testid="theme-switch"
            items={[
              { value: 'light', label: 'Light', description: 'Dark text on a light background.' },
              { value: 'dark', label: 'Dark', description: 'Light text on a dark background.' },
              { value: 'system', label: 'System', description: "Follows your device's setting." },
            ]}
          />
        </FormField>
      </Container>
    </ContentLayout>
  );
}
