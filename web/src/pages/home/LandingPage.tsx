import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSignInModal } from '../../components/signin/SignInModal';
import { NewsSignup } from '../../features/public-forms/NewsSignup';
import { RouterLink } from '../../lib/navigation';

const FEATURES: { icon: IconProps.Name; title: string; text: string }[] = [
  {
    icon: 'calendar',
    title: 'Rent collection',
    text: 'See which rent came in and which is late, for every unit, without a spreadsheet.',
  },
  {
    icon: 'upload-download',
    title: 'Cash flow',
    text: 'Bank transactions are imported and categorised, so income and expenses add up on their own.',
  },
  {
    icon: 'file',
    title: 'Reports',
    text: 'Income and expenses by property and category, ready for tax time and your accountant.',
  },
  {
    icon: 'location-pin',
    title: 'Properties',
    text: 'Purchase price, loan, market value and rent for each property in one place.',
  },
  {
    icon: 'ticket',
    title: 'Maintenance',
    text: 'Tenants report issues from their phone; you follow each one from new to resolved.',
  },
  {
    icon: 'group',
    title: 'Your team',
    text: 'Landlords, property managers and tenants each see what they need, and nothing more.',
  },
];

/** The public welcome page at "/" for signed-out visitors. */
export default function LandingPage() {
  const signIn = useSignInModal();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Bookkeeping and property management for small landlords, property managers and their tenants."
          actions={
            <Button variant="primary" onClick={signIn.open} data-testid="landing-signin">
              Get started
            </Button>
          }
        >
          Simplify your lease, amplify your peace
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Everything a small rental business runs on</Header>}>
          <ColumnLayout columns={3} minColumnWidth={220}>
            {FEATURES.map((f) => (
              <div key={f.title} className="rt-feature">
                <Box variant="h3" tagOverride="h3" margin={{ bottom: 'xxs' }}>
                  <span className="rt-feature-icon">
                    <Icon name={f.icon} />
                  </span>
                  {f.title}
                </Box>
                <Box variant="p" color="text-body-secondary" margin="n">
                  {f.text}
                </Box>
              </div>
            ))}
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">How it works</Header>}>
          <ol className="rt-steps">
            <li>Sign in with your Google account. There is no new password to remember.</li>
            <li>Your organization is created for you. Add your properties and invite your team.</li>
            <li>Connect a bank or record transactions; Rent.Today keeps the books up to date.</li>
          </ol>
          <Box variant="p" color="text-body-secondary" margin={{ top: 's' }}>
            Questions first? Read the <RouterLink href="/help">help pages</RouterLink>.
          </Box>
        </Container>
        <Container header={<Header variant="h2">Product news</Header>}>
          <NewsSignup />
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
