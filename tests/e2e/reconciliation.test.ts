import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PlaidStandInControl } from '../support/plaid.js';
import { syncRunnerControl } from '../support/sync-runner.js';
import { connectBankOnScreen } from './bank.js';
import { expectAccessible, PHONE, recordChunks, signInAt, useBrowser } from './browser.js';
import { expectToast } from './ledger.js';
import { signInToOwnOrganization, uniqueName } from './own-org.js';

/**
 * Statement reconciliation in Chromium at 390 px (docs/reconciliation.md): in an organization the test creates, a
 * month's statement has one line the books miss; the drill-down names it, "Add to the books" fixes it, and Finish,
 * disabled with its reason until then, reconciles the month at a zero difference; the lines are a list to tick on a
 * phone and a table on a desktop, where the owner undoes the month. axe on the page and the undo's confirmation.
 */
const control = () => new PlaidStandInControl(inject('plaidEndpoint'));
/** A month long before any sandbox history, so the account's only lines in it are this test's. */
const MONTH = '2023-01';

/** Connects the stand-in's first bank from Org Settings on screen (the Plaid Link flow) and waits for its first sync. */
async function connectBank(page: Page) {
  await connectBankOnScreen(page);
  await control().flushWebhooks();
  expect((await syncRunnerControl('idle')).status).toBe(200);
}

const line = (date: string, amount: string, fitid: string, name: string) =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}\n`;

describe('reconciling a month, in Chromium', () => {
  const browser = useBrowser();

  it('finds the line the books miss in the drill-down, adds it, and finishes at zero', async () => {
    const desktop = await browser.newPage();
    const org = await signInToOwnOrganization(desktop.page, 'reconcile', '/org-settings');
    await connectBank(desktop.page);
    await desktop.context.close();
    const account = (await org.api.get('/api/bank-accounts')).body.accounts.find(
      (a: { subtype: string | null }) => a.subtype === 'checking',
    );
    const fee = uniqueName('Bank fee');
    const ofx = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKTRANLIST><DTSTART>20230101<DTEND>20230131
${line('20230105', '-80.00', 'E1', 'City Water')}${line('20230115', '1500.00', 'E2', 'Rent January')}${line('20230120', '-25.00', 'E3', fee)}</BANKTRANLIST>
<LEDGERBAL><BALAMT>3395.00<DTASOF>20230131
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    // Seeding: the statement, and two of its three lines in the books (the fee is the one they miss).
    const base = `/api/bank-accounts/${account.id}/reconciliations/${MONTH}`;
    expect((await org.api.put(base, { ofx })).status).toBe(200);
    for (const id of ['s1', 's2']) expect((await org.api.post(`${base}/lines/${id}/add`)).status).toBe(201);

    const { page, context } = await browser.newPage(PHONE);
    const chunksOf = recordChunks(page);
    await signInAt(page, org.email, `/transactions/reconcile?account=${account.id}&month=${MONTH}`);
    await expect.poll(() => page.title()).toBe('Reconcile - Rent.Today');
    const difference = page.getByTestId('reconcile-difference');
    await expect.poll(() => difference.textContent()).toBe('-$25.00');
    const finish = page.getByTestId('reconcile-finish').getByRole('button').or(page.getByTestId('reconcile-finish'));
    expect(await finish.first().isDisabled()).toBe(true);
    expect(await page.getByTestId('reconcile-finish-reason').textContent()).toBe(
      'The difference is -$25.00. Finish when it is $0.00: add what is missing from the books, correct amounts and dates, or tick and untick lines.',
    );
    const missing = page.getByTestId('reconcile-issue').filter({ hasText: fee });
    await expect
      .poll(() => missing.textContent())
      .toContain(
        `Missing from the books: ${fee} (-$25.00)On the statement on 2023-01-20 for -$25.00, not in the books. Add it to the books.`,
      );
    await expectAccessible(page, 'the Reconcile page at 390 px, with a difference');

    // The lines are a list on a phone: each with its tick, its date and match, its amount. Unticking one moves the
    // difference by its amount; ticking it again moves it back.
    const water = page.getByTestId('reconcile-line').filter({ hasText: 'City Water' });
    expect(await water.textContent()).toMatch(/^City Water2023-01-05 · .+-\$80\.00$/);
    const tick = water.getByRole('checkbox', { name: 'Cleared: City Water -$80.00' });
    expect(await tick.isChecked()).toBe(true);
    await tick.click();
    await expect.poll(() => difference.textContent()).toBe('-$105.00');
    expect(await tick.isChecked()).toBe(false);
    await tick.click();
    await expect.poll(() => difference.textContent()).toBe('-$25.00');

    await missing.getByTestId('reconcile-add').click();
    await expectToast(page, 'Added to the books');
    await expect.poll(() => difference.textContent()).toBe('$0.00');
    await expect.poll(() => page.getByTestId('reconcile-finish-reason').count()).toBe(0);
    await finish.first().click();
    await expectToast(page, 'Statement reconciled');
    await expect.poll(() => page.getByTestId('reconcile-finished').textContent()).toContain('Reconciled on');
    await expectAccessible(page, 'the Reconcile page at 390 px, reconciled');
    const saved = await org.api.get(`/api/bank-accounts/${account.id}/reconciliations`);
    expect(saved.body).toMatchObject({
      reconciledThrough: '2023-01-31',
      reconciliations: [{ month: MONTH, status: 'finished' }],
    });
    expect((page as unknown as { errors: string[] }).errors).toEqual([]);
    // A phone never asked for the lines' table.
    expect(chunksOf('ReconcileLinesTable')).toEqual([]);
    await context.close();

    // On a desktop the lines are a table; the owner undoes the month from its confirmation, and it is open again.
    const wide = await browser.newPage();
    await signInAt(wide.page, org.email, `/transactions/reconcile?account=${account.id}&month=${MONTH}`);
    const lines = wide.page.getByRole('table', { name: 'Lines in the books' });
    await expect.poll(() => lines.getByRole('row').filter({ hasText: fee }).textContent()).toContain('-$25.00');
    await wide.page.getByTestId('reconcile-undo').click();
    await wide.page.getByRole('dialog', { name: 'Undo this reconciliation?' }).waitFor();
    await expectAccessible(wide.page, 'the undo confirmation');
    await wide.page.getByTestId('reconcile-undo-confirm').click();
    await expect.poll(() => wide.page.getByTestId('reconcile-finish').count()).toBe(1);
    expect((await org.api.get(`/api/bank-accounts/${account.id}/reconciliations`)).body).toMatchObject({
      reconciliations: [{ month: MONTH, status: 'open' }],
    });
    await wide.context.close();
  });
});
