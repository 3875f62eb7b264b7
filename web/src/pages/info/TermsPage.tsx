import { RouterLink } from '../../lib/navigation';
import { CONTACT_EMAIL, InfoPage, LEGAL_UPDATED } from './InfoPage';

export default function TermsPage() {
  return (
    <InfoPage title="Terms of Service" description={`Last updated ${LEGAL_UPDATED}.`} testId="terms-content">
      <p>
        These terms govern your use of Rent.Today, a service for keeping the books and managing rental properties. By
        signing in you agree to them. If you use Rent.Today for a business, you accept them on its behalf.
      </p>

      <h2>1. Your account</h2>
      <p>
        You sign in with a Google account and are responsible for keeping it secure. You must give accurate information
        and may not use another person&apos;s account. Tell us at once if you believe your account has been misused.
      </p>

      <h2>2. Organizations and roles</h2>
      <p>
        Data belongs to an organization. Administrators and landlords decide who joins it and with what role. Tenants
        see only what concerns their own tenancy. You are responsible for the people you invite.
      </p>

      <h2>3. Your data</h2>
      <p>
        You keep all rights to the information you enter or import: properties, transactions, receipts, messages and
        maintenance requests. You let us store and process it only to provide the service to you. Our{' '}
        <RouterLink href="/privacy-policy">Privacy Policy</RouterLink> explains how.
      </p>

      <h2>4. Acceptable use</h2>
      <ul>
        <li>Do not break the law, or help others do so, through the service.</li>
        <li>Do not upload malware or content you have no right to share.</li>
        <li>Do not try to reach data of other organizations or to disrupt the service.</li>
      </ul>

      <h2>5. Not financial or legal advice</h2>
      <p>
        Rent.Today helps you record and summarise figures. It does not give tax, accounting, legal or investment advice.
        Check important decisions with a qualified professional.
      </p>

      <h2>6. Availability and changes</h2>
      <p>
        We work to keep the service available and your data safe, but we cannot promise it will never be interrupted. We
        may change features; when a change affects you materially we will tell you in advance.
      </p>

      <h2>7. Ending</h2>
      <p>
        You may stop using Rent.Today at any time and ask us to delete your data. We may suspend accounts that break
        these terms, after notice where the law allows.
      </p>

      <h2>8. Liability</h2>
      <p>
        To the extent the law allows, the service is provided as is, and our liability for any claim is limited to the
        amount you paid us in the twelve months before it arose.
      </p>

      <h2>9. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </InfoPage>
  );
}
