/**
 * Fixed-rate loan amortization (the base of mortgage loans), pure and zod-free, in integer cents throughout.
 *   - Rates are integer thousandths of a percent ("milli-percent"): 6.5% is 6500, 6.125% is 6125 (basis points
 *     cannot say 6.125%; a basis point is 10 milli-percent). The monthly rate is rate / 1,200,000 exactly.
 *   - Interest of a month = round-half-up(balance before the payment x rate / 1,200,000), computed in BigInt.
 *   - The level principal-and-interest payment is the annuity formula P x r / (1 - (1 + r)^-n), evaluated as the
 *     exact fraction P x m x (D + m)^n / (D x ((D + m)^n - D^n)) with D = 1,200,000 and m the rate, in BigInt, and
 *     rounded half up to the cent once. At 0% it is floor(P / n); the remainder goes on the last payment.
 *   - Each payment's principal is the level payment less that month's interest. The payment that would take the
 *     balance to zero or below (and in any case payment n) pays exactly the balance left plus its interest, so the
 *     principal always sums to the loan and no balance is ever negative. Why the principal is never negative:
 *     the balance never rises above the loan P, the interest on it is at most round(P x r) and P x r is below the
 *     exact level payment, so rounding both the same way keeps interest <= payment.
 *   - Extra principal is paid on top of the level payment, capped at what is owed after the scheduled principal; it
 *     shortens the schedule, the level payment stays the same (what lenders do unless the loan is recast).
 *   - A row's payment is everything paid that month: interest + principal + extraPrincipal + escrow.
 *   - Splitting an actual payment (splitLoanPayment) follows the Fannie Mae/Freddie Mac uniform security
 *     instrument, section 2: interest due first, then principal due, then escrow; anything beyond that is a
 *     voluntary prepayment (extra principal) up to the payoff, and what goes beyond the payoff is `unapplied` (the
 *     lender owes it back). Servicers may hold a short payment in a suspense account until a whole payment arrives;
 *     that is not modelled here: a short payment is split as if applied in that order.
 */

import { type Cents, MAX_ABS_CENTS } from './money.js';
import { isIsoDate } from './validation.js';

/** A rate of 100%: as far as a loan's rate goes here. */
export const MAX_ANNUAL_RATE_MILLI_PERCENT = 100_000;
/** 50 years of monthly payments. */
export const MAX_TERM_MONTHS = 600;
const MONTHLY_RATE_DENOMINATOR = 1_200_000n; // 12 months x 100 (percent) x 1000 (milli)

export interface AmortizationRow {
  /** 1 for the first payment. */
  number: number;
  /** YYYY-MM-DD, the first payment's day of month (or the month's last day when shorter). */
  date: string;
  /** All of it: interest + principal + extraPrincipal + escrow. */
  payment: Cents;
  interest: Cents;
  /** The scheduled principal of the level payment (the whole balance on the last row). */
  principal: Cents;
  extraPrincipal: Cents;
  escrow: Cents;
  balanceAfter: Cents;
}

export interface ExtraPrincipal {
  /** Paid with every payment dated on or after `fromDate` (every payment when absent). */
  amount?: Cents;
  fromDate?: string;
  /** Per payment month (YYYY-MM): this amount instead of `amount` (0 skips that month). */
  byMonth?: Readonly<Record<string, Cents>>;
}

export interface LoanTerms {
  principal: Cents;
  annualRateMilliPercent: number;
  termMonths: number;
  /** YYYY-MM-DD; the later payments fall on the same day of each month. */
  firstPaymentDate: string;
  monthlyEscrow?: Cents;
  extraPrincipal?: ExtraPrincipal;
}

/** A loan between payments: what splitLoanPayment needs when there is no schedule row at hand. */
export interface LoanState {
  /** Principal owed before the payment. */
  balance: Cents;
  annualRateMilliPercent: number;
  /** The level principal-and-interest payment (monthlyPayment). */
  principalAndInterest: Cents;
  monthlyEscrow?: Cents;
}

export interface LoanPaymentSplit {
  interest: Cents;
  principal: Cents;
  escrow: Cents;
  extraPrincipal: Cents;
  /** Beyond the payoff: owed back by the lender (0 unless the payment pays more than the loan). */
  unapplied: Cents;
}

/** "6.5" or "6.125" (percent, at most 3 decimals) -> 6500 or 6125; null when it is not such a rate. */
export function parseAnnualRatePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const rate = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return rate <= MAX_ANNUAL_RATE_MILLI_PERCENT ? rate : null;
}

/** The level principal-and-interest payment of a loan, in cents (see the header for the formula). */
export function monthlyPayment(principalCents: Cents, annualRateMilliPercent: number, termMonths: number): Cents {
  checkLoan(principalCents, annualRateMilliPercent, termMonths);
  if (annualRateMilliPercent === 0) return Math.floor(principalCents / termMonths);
  const rate = BigInt(annualRateMilliPercent);
  const growth = (MONTHLY_RATE_DENOMINATOR + rate) ** BigInt(termMonths);
  const numerator = BigInt(principalCents) * rate * growth;
  const denominator = MONTHLY_RATE_DENOMINATOR * (growth - MONTHLY_RATE_DENOMINATOR ** BigInt(termMonths));
  return Number(divideRoundingHalfUp(numerator, denominator));
}

/** The interest of one month on `balance`, rounded half up to the cent. */
export function monthlyInterest(balance: Cents, annualRateMilliPercent: number): Cents {
  return Number(divideRoundingHalfUp(BigInt(balance) * BigInt(annualRateMilliPercent), MONTHLY_RATE_DENOMINATOR));
}

/** Every payment of the loan, from the first to the one that pays it off. */
export function amortizationSchedule(terms: LoanTerms): AmortizationRow[] {
  const { principal, annualRateMilliPercent: rate, termMonths, firstPaymentDate } = terms;
  const escrow = terms.monthlyEscrow ?? 0;
  if (!isIsoDate(firstPaymentDate))
    throw new RangeError(`firstPaymentDate is not a YYYY-MM-DD day: ${firstPaymentDate}`);
  checkCents(escrow, 'monthlyEscrow');
  if (principal === 0) return [];
  const level = monthlyPayment(principal, rate, termMonths);
  const rows: AmortizationRow[] = [];
  let balance = principal;
  for (let number = 1; balance > 0; number++) {
    const date = paymentDate(firstPaymentDate, number - 1);
    const due = scheduledDue(balance, rate, level, number === termMonths);
    const left = balance - due.principal;
    const extraPrincipal = Math.min(left, extraPrincipalOn(terms.extraPrincipal, date));
    balance = left - extraPrincipal;
    rows.push({
      number,
      date,
      payment: due.interest + due.principal + extraPrincipal + escrow,
      interest: due.interest,
      principal: due.principal,
      extraPrincipal,
      escrow,
      balanceAfter: balance,
    });
  }
  return rows;
}

/**
 * How an actual payment splits: interest due, then principal due, then escrow, then extra principal up to the
 * payoff, then unapplied (see the header). The parts always sum to `paymentAmount`.
 */
export function splitLoanPayment(due: AmortizationRow | LoanState, paymentAmount: Cents): LoanPaymentSplit {
  checkCents(paymentAmount, 'paymentAmount');
  const owed = amountsOwed(due);
  let rest = paymentAmount;
  const take = (amount: Cents) => {
    const taken = Math.min(rest, Math.max(0, amount));
    rest -= taken;
    return taken;
  };
  const interest = take(owed.interest);
  const principal = take(owed.principal);
  const escrow = take(owed.escrow);
  const extraPrincipal = take(owed.balanceBefore - principal);
  return { interest, principal, escrow, extraPrincipal, unapplied: rest };
}

/** The interest of the payments dated in `year` (what a Form 1098 for that year reports, payments made on time). */
export function interestPaidInYear(schedule: readonly AmortizationRow[], year: number): Cents {
  const prefix = `${String(year).padStart(4, '0')}-`;
  return schedule.reduce((sum, row) => (row.date.startsWith(prefix) ? sum + row.interest : sum), 0);
}

/** What is owed after the last payment dated on or before `date` (the whole loan before the first payment). */
export function balanceAfter(schedule: readonly AmortizationRow[], date: string): Cents {
  const first = schedule[0];
  if (!first) return 0;
  let balance = first.balanceAfter + first.principal + first.extraPrincipal;
  for (const row of schedule) {
    if (row.date > date) break;
    balance = row.balanceAfter;
  }
  return balance;
}

/** What a payment is due to pay: from a schedule row as it stands, or from the loan's balance. */
function amountsOwed(due: AmortizationRow | LoanState) {
  if ('balanceAfter' in due) {
    const { interest, principal, escrow } = due;
    return { interest, principal, escrow, balanceBefore: due.balanceAfter + due.principal + due.extraPrincipal };
  }
  checkCents(due.balance, 'balance');
  checkCents(due.principalAndInterest, 'principalAndInterest');
  checkRate(due.annualRateMilliPercent);
  const scheduled = scheduledDue(due.balance, due.annualRateMilliPercent, due.principalAndInterest, false);
  return { ...scheduled, escrow: due.monthlyEscrow ?? 0, balanceBefore: due.balance };
}

/** A month's interest and scheduled principal: the level payment's share, or the whole balance on the last one. */
function scheduledDue(balance: Cents, rate: number, level: Cents, isLast: boolean) {
  const interest = monthlyInterest(balance, rate);
  const principal = isLast || balance + interest <= level ? balance : Math.max(0, level - interest);
  return { interest, principal };
}

function extraPrincipalOn(extra: ExtraPrincipal | undefined, date: string): Cents {
  if (!extra) return 0;
  const forMonth = extra.byMonth?.[date.slice(0, 7)];
  const amount = forMonth ?? (extra.fromDate && date < extra.fromDate ? 0 : (extra.amount ?? 0));
  checkCents(amount, 'extraPrincipal');
  return amount;
}

/** The first payment's date moved `months` months on, its day kept (or the month's last day when shorter). */
function paymentDate(firstPaymentDate: string, months: number): string {
  const [year, month, day] = firstPaymentDate.split('-').map(Number) as [number, number, number];
  const index = month - 1 + months;
  const y = year + Math.floor(index / 12);
  const m = (index % 12) + 1;
  const d = Math.min(day, daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** numerator / denominator rounded half up; both non-negative, denominator positive. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function checkLoan(principal: Cents, rate: number, termMonths: number): void {
  checkCents(principal, 'principal');
  if (principal > MAX_ABS_CENTS) throw new RangeError(`principal must be at most ${MAX_ABS_CENTS} cents`);
  checkRate(rate);
  if (!Number.isInteger(termMonths) || termMonths < 1 || termMonths > MAX_TERM_MONTHS) {
    throw new RangeError(`termMonths must be an integer from 1 to ${MAX_TERM_MONTHS}`);
  }
}

function checkRate(rate: number): void {
  if (!Number.isInteger(rate) || rate < 0 || rate > MAX_ANNUAL_RATE_MILLI_PERCENT) {
    throw new RangeError(`annualRateMilliPercent must be an integer from 0 to ${MAX_ANNUAL_RATE_MILLI_PERCENT}`);
  }
}

function checkCents(amount: Cents, name: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${name} must be a non-negative integer (cents)`);
}
