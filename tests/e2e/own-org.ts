import { randomUUID } from 'node:crypto';
import {
  fillPath,
  type Organization,
  type Property,
  type PropertyInputBody,
  routes,
  type Transaction,
  type TransactionInputBody,
  toCents,
} from '@rent/shared';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { client, LOCAL_CLIENT_ID, signIn } from '../support/api.js';

type Api = ReturnType<typeof client>;

/** A name no other test (or run) uses, so a test finds its rows by name, never by position. */
export const uniqueName = (label: string) => `${label} e2e-${randomUUID().slice(0, 8)}`;

/** Exact totals of a filter, in integer cents, from the API (what the totals panel rounds to dollars). */
export interface TotalsInCents {
  in: number;
  out: number;
  net: number;
  count: number;
}

/** An organization that belongs to one test: a fresh person signed in, and their API client for seeding. */
export interface OwnOrganization {
  email: string;
  organization: Organization;
  api: Api;
  addProperty(input: PropertyInputBody): Promise<Property>;
  addTransaction(input: TransactionInputBody): Promise<Transaction>;
  getTransaction(id: string): Promise<Transaction>;
  /** The one transaction with this exact name (names made by uniqueName are unique). */
  findTransaction(name: string): Promise<Transaction>;
  totals(filter?: Record<string, string>): Promise<TotalsInCents>;
}

/** Fails with the server's answer, so a seeding mistake reads as one and not as a later UI timeout. */
function expectStatus(response: { status: number; body: unknown }, status: number, what: string) {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(status);
}

const cents = (amount: number) => {
  const value = toCents(amount);
  if (value === null) throw new Error(`not exact money: ${amount}`);
  return value;
};

/** Where signInToOwnOrganization leaves the browser unless told: a light page, since most tests open their own next. */
const LANDING = '/settings/preferences';

/** A new person signed in over HTTP, and the organization their first API call provisioned (they are its ADMIN). */
async function provision(email: string) {
  const { idToken } = await signIn(email);
  const api = client(idToken);
  const organization = await api.get<Organization>(routes.getOrganization.path);
  expectStatus(organization, 200, 'GET organization');
  return { api, organization: organization.body };
}

type Tokens = Awaited<ReturnType<typeof signIn>>;

/**
 * Gives the browser the session of a person who signed in over HTTP, stored as Amplify stores one after its OAuth
 * sign-in (the keys web/src/auth/storedToken.ts reads first): the app's next load starts signed in, as a returning
 * visitor's does. The page must be on the app's origin (its storage is the origin's).
 */
async function storeSession(page: Page, tokens: Tokens) {
  const claims = JSON.parse(Buffer.from(tokens.idToken.split('.')[1]!, 'base64url').toString('utf8'));
  const user = claims['cognito:username'] as string;
  const prefix = `CognitoIdentityServiceProvider.${LOCAL_CLIENT_ID}`;
  const entries: [string, string][] = [
    [`${prefix}.LastAuthUser`, user],
    [`${prefix}.${user}.idToken`, tokens.idToken],
    [`${prefix}.${user}.accessToken`, tokens.accessToken],
    [`${prefix}.${user}.refreshToken`, tokens.refreshToken],
    [`${prefix}.${user}.clockDrift`, '0'],
    // Signed in through the hosted UI, not in a private session: signing out ends the hosted UI's session too.
    [`${prefix}.oauthSignIn`, 'true,false'],
  ];
  await page.evaluate((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, entries);
}

/** A person nobody has used before (the Cognito stand-in takes any email), with a name that says which test made them. */
const freshEmail = (label: string) => `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * A new organization of a person nobody has used before, over HTTP only: for a test whose browser never signs in as
 * its ADMIN (another person's browser looks at it).
 */
export async function ownOrganization(label: string): Promise<OwnOrganization> {
  const email = freshEmail(label);
  const { api, organization } = await provision(email);
  return seeding(email, organization, api);
}

/**
 * A person nobody has used before, signed in with the organization their first sign-in provisioned (they are its
 * ADMIN), and the browser on `at`, signed in as them from its first load of the app. The person signs in over the
 * Cognito stand-in's OAuth flow as the SPA does (tests/support/api.ts `signIn`), and the browser is given that
 * session: the sign-in page is what signInAt, signInFromHeader and their own tests go through
 * (docs/offline-stack.md "The test stack").
 */
export async function signInToOwnOrganization(page: Page, label: string, at = LANDING): Promise<OwnOrganization> {
  const { arrive, ...own } = await beginSignInToOwnOrganization(page, label, at);
  await arrive();
  return own;
}

/**
 * The same, with the app not loaded until `arrive()`: what the test seeds over HTTP meanwhile is on `at`'s first
 * load, so the test needs no second load of the app to see it.
 */
export async function beginSignInToOwnOrganization(
  page: Page,
  label: string,
  at: string,
): Promise<OwnOrganization & { arrive: () => Promise<void> }> {
  const email = freshEmail(label);
  // A small file of the app's origin, whose storage the session goes into; the app itself loads in arrive().
  const [{ api, organization }] = await Promise.all([provision(email), page.goto('/favicon.svg')]);
  // A session of the browser's own: signing out there leaves the seeding client's.
  await storeSession(page, await signIn(email));
  return {
    ...seeding(email, organization, api),
    async arrive() {
      await page.goto(at);
      const header = page.getByTestId('header-org-name').first();
      await expect
        .poll(async () => ((await header.isVisible()) ? await header.textContent() : ''))
        .toBe(organization.name);
    },
  };
}

/** The seeding helpers of an organization its ADMIN's API client can write to. */
function seeding(email: string, organization: Organization, api: Api): OwnOrganization {
  return {
    email,
    organization,
    api,
    async addProperty(input) {
      const response = await api.post<Property>(routes.createProperty.path, input);
      expectStatus(response, 201, 'create property');
      return response.body;
    },
    async addTransaction(input) {
      const response = await api.post<{ transaction: Transaction }>(routes.createTransaction.path, input);
      expectStatus(response, 201, 'create transaction');
      return response.body.transaction;
    },
    async getTransaction(id) {
      const response = await api.get<{ transaction: Transaction }>(fillPath(routes.getTransaction.path, { id }));
      expectStatus(response, 200, 'get transaction');
      return response.body.transaction;
    },
    async findTransaction(name) {
      const response = await api.get<{ transactions: Transaction[] }>(
        `${routes.listTransactions.path}?${new URLSearchParams({ search: name })}`,
      );
      expectStatus(response, 200, 'list transactions');
      const named = response.body.transactions.filter((transaction) => transaction.name === name);
      expect(named, `transactions named ${name}`).toHaveLength(1);
      return named[0]!;
    },
    async totals(filter = {}) {
      const query = new URLSearchParams(filter).toString();
      const response = await api.get<{
        totals: { in: number; out: number; net: number; count: number };
        complete: boolean;
      }>(`${routes.getTransactionTotals.path}${query ? `?${query}` : ''}`);
      expectStatus(response, 200, 'GET totals');
      // A test's organization is small: its totals come in one call, so they are final.
      expect(response.body.complete).toBe(true);
      const { totals } = response.body;
      return { in: cents(totals.in), out: cents(totals.out), net: cents(totals.net), count: totals.count };
    },
  };
}
