import { CONTACT_EMAIL, InfoPage, LEGAL_UPDATED } from './InfoPage';

export default function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" description={`Last updated ${LEGAL_UPDATED}.`} testId="privacy-content">
      <p>
        This policy explains what Rent.Today keeps about you, why, and the choices you have. We collect only what the
        service needs and we do not sell personal data.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your profile from Google:</strong> your name, email address and picture, and an identifier for your
          account. We never receive your Google password.
        </li>
        <li>
          <strong>Your organization&apos;s records:</strong> properties, transactions, receipts, messages, review
          requests, categorization rules and maintenance requests that you or your team enter or import.
        </li>
        <li>
          <strong>Bank data, if you connect a bank:</strong> account names, balances and transactions, received through
          our bank-linking provider. We do not receive your bank login.
        </li>
        <li>
          <strong>Security records:</strong> sign-in and sign-out events with their time, kept to protect your account
          and deleted automatically after a limited period.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <p>
        To run the service for your organization: show your books, produce reports, let your team collaborate, and keep
        your account secure. We use technical logs to fix problems. We do not use your data for advertising.
      </p>

      <h2>Who can see it</h2>
      <p>
        People in your organization, according to their role; tenants see only their own tenancy. Our hosting provider
        stores the data for us under contract, and your bank-linking provider handles bank connections. We disclose data
        to others only when the law requires it.
      </p>

      <h2>Cookies and storage</h2>
      <p>
        We store your sign-in session and your preferences, such as the light or dark theme, in your browser. We do not
        use advertising cookies.
      </p>

      <h2>How long we keep it</h2>
      <p>
        For as long as your organization uses Rent.Today. When you ask us to delete your account or organization, we
        delete its data, except records the law requires us to keep.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>; we answer within 30 days.
      </p>

      <h2>Security</h2>
      <p>
        Data is encrypted in transit and at rest. Access inside Rent.Today is limited by role, and every
        organization&apos;s data is kept apart from every other&apos;s.
      </p>
    </InfoPage>
  );
}
