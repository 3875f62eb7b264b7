import { ContactForm } from '../../features/public-forms/ContactForm';
import { RouterLink } from '../../lib/navigation';
import { CONTACT_EMAIL, InfoPage } from './InfoPage';

export default function HelpPage() {
  return (
    <InfoPage
      title="Help & Support"
      description="Answers to common questions, and how to reach us."
      testId="help-content"
    >
      <h2>What Rent.Today does</h2>
      <p>
        Rent.Today keeps the books for small rental businesses. Landlords and property managers record their properties,
        follow rent collection and cash flow, and track maintenance; tenants see their rental history and report
        problems at home.
      </p>

      <h2>Signing in</h2>
      <p>
        You sign in with your Google account; Rent.Today never sees or stores a password. The first time you sign in, we
        create your account and an organization for you, and you become its administrator. If someone invited you, you
        join their organization instead.
      </p>
      <p>
        If you were sent to the sign-in page while working, your session had ended. Sign in again and you will return to
        the page you were on.
      </p>

      <h2>Roles</h2>
      <ul>
        <li>
          <strong>Admin</strong> and <strong>Landlord</strong>: everything, including renaming the organization.
        </li>
        <li>
          <strong>Property manager</strong>: properties, transactions, reports and maintenance.
        </li>
        <li>
          <strong>Tenant</strong>: their own rental history and maintenance requests.
        </li>
      </ul>

      <h2>Properties</h2>
      <p>
        Open <RouterLink href="/properties">Properties</RouterLink> and choose <em>Add property</em>. Only the address
        is required; purchase price, loan, market value and monthly rent can be added later. Amounts are in US dollars
        with at most two decimals. A property that still has transactions, tenants or maintenance requests cannot be
        deleted; the message tells you what is still attached.
      </p>
      <p>
        If two people edit the same property at once, the second save is refused rather than silently overwriting the
        first. Load the latest version, check it, and save again.
      </p>

      <h2>What the books say</h2>
      <p>
        <RouterLink href="/cash-flow">Cash Flow</RouterLink> and <RouterLink href="/reports">Reports</RouterLink> use
        one set of definitions. <strong>Income</strong> is the income categories. <strong>Operating expenses</strong>{' '}
        are the expense categories except Mortgage and Mortgage interest. <strong>NOI</strong> (net operating income) is
        income minus operating expenses. <strong>Debt service</strong> is Mortgage plus Mortgage interest.{' '}
        <strong>Capital spending</strong> is the capital expenditures group. <strong>Cash flow</strong> is NOI minus
        debt service minus capital spending. Transfers, ignored transactions and uncategorized transactions count
        nowhere. Every amount in the cash flow table links to the transactions behind it.
      </p>
      <p>
        Cap rate is a year's NOI divided by the market value (or by the cost: purchase price, closing costs, initial
        repairs and other initial costs). Cash-on-cash is the last 12 months' cash flow divided by the cash invested
        (down payment, closing costs, initial repairs and other initial costs). DSCR is NOI divided by debt service, and
        reads n/a without debt. When a figure is missing from a property, the ratio shows a dash and says which.
      </p>
      <p>
        The dashboard&apos;s <strong>Needs attention</strong> box counts what is waiting on someone, each count a link
        to exactly that list: uncategorized transactions of the period, reviews waiting on you, open maintenance
        requests, bank connections needing reconnect, and expenses over $75 without a receipt in the period (money out,
        not ignored, more than $75.00). On Transactions, the amount filter compares amounts without their sign.
      </p>
      <p>
        The Schedule E worksheet is a worksheet for your tax preparer, not tax advice. Mortgage payments hold principal
        and interest together, so they are listed to be split rather than put on a line; other income, insurance
        proceeds and interest income are listed for your preparer to place. Line 18 takes the depreciation schedule.
      </p>
      <p>
        The <RouterLink href="/reports?tab=depreciation">depreciation schedule</RouterLink> depreciates each property's
        building (purchase price, closing costs, initial repairs and other initial costs, minus the land value) from the
        month it was acquired (mid-month): over 27.5 years, or 39 years for a commercial property. Capital spending is
        depreciated from the month it was spent: appliances and furniture over 5 years, fencing, landscaping, driveways
        and sidewalks over 15 years, roofs, HVAC, plumbing, electrical and renovations over 27.5 years (39 on a
        commercial property). Security systems are listed for your preparer. Without a land value or an acquisition date
        the building is not depreciated and the property is flagged, and the dashboard lists a property with a price but
        no land value under Needs attention: add them on the property.
      </p>

      <h2>Your organization</h2>
      <p>
        Administrators and landlords can rename the organization in{' '}
        <RouterLink href="/org-settings">Org Settings</RouterLink>. Everyone sees the new name at once.
      </p>

      <h2>Appearance and accessibility</h2>
      <p>
        Choose a light or dark theme, or follow your device, in{' '}
        <RouterLink href="/settings/preferences">Preferences</RouterLink>. Everything can be used with a keyboard;
        notifications can be reached with Alt+T.
      </p>

      <h2>Contact us</h2>
      <p>
        Send us a message below, or write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Tell us what you
        were doing and what you expected; we answer within two working days.
      </p>
      <ContactForm />
    </InfoPage>
  );
}
