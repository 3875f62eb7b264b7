import { pathToFileURL } from 'node:url';
import { compileRule, type MatchableTransaction, type RuleCriteria, type RuleMatcher } from '@rent/shared';

/**
 * Categorization-rule engine throughput: 25 realistic rules against 50,000 synthetic bank
 * transactions, every pair checked (1.25 million checks per pass). Only matching is timed: rules are
 * compiled once beforehand, as the API and the preview do. Budget: >= 1,000,000 checks/s.
 */
export const RULE_ENGINE_BUDGET_CHECKS_PER_SECOND = 1_000_000;

const RULES: RuleCriteria[] = [
  { namePattern: 'home\\s*depot', category: 'repairs' },
  { namePattern: "lowe'?s", amountMaxCents: 50_000, category: 'supplies' },
  { namePattern: 'comcast|xfinity', category: 'utilities' },
  { namePattern: 'pg&e|pacific gas', category: 'utilities' },
  { namePattern: 'city of .* (water|sewer)', category: 'utilities' },
  { namePattern: 'state farm|allstate|geico', category: 'insurance' },
  { namePattern: '^zelle (from|payment from)', amountMinCents: 50_000, category: 'rental_income' },
  { namePattern: 'venmo.*rent', category: 'rental_income' },
  { namePattern: 'wells fargo (home )?mortgage', amountExactCents: 184_250, category: 'mortgage' },
  { namePattern: 'rocket mortgage', category: 'mortgage' },
  { namePattern: 'county (tax|treasurer)', category: 'taxes' },
  { namePattern: 'irs|franchise tax', category: 'taxes' },
  { namePattern: 'zillow|apartments\\.com|craigslist', category: 'advertising' },
  { namePattern: 'uber|lyft|shell oil|chevron', amountMaxCents: 15_000, category: 'auto_travel' },
  { namePattern: 'stanley steemer|merry maids|molly maid', category: 'cleaning_maintenance' },
  { namePattern: 'smith & (associates|partners) law', category: 'legal_professional' },
  { namePattern: 'property mgmt|management fee', category: 'management_fees' },
  { namePattern: 'airbnb|vrbo', category: 'short_term_rents' },
  { namePattern: 'late fee', category: 'late_fees' },
  { namePattern: 'ferguson|supply house', amountMinCents: 100_000, category: 'hvac_plumbing_electrical' },
  { namePattern: 'best buy|sears', amountMinCents: 30_000, category: 'appliances' },
  { namePattern: 'ikea|wayfair', category: 'furniture' },
  { amountExactCents: 2_500, category: 'application_fees' },
  { amountMinCents: 1_000_000, category: 'renovations' },
  { namePattern: '\\b(adt|simplisafe|ring)\\b', category: 'security_systems' },
];

const MERCHANTS = [
  'THE HOME DEPOT #4521',
  'LOWES #01234*',
  'COMCAST CABLE COMM',
  'XFINITY MOBILE',
  'PG&E WEB ONLINE',
  'CITY OF SPRINGFIELD WATER DEPT',
  'STATE FARM INSURANCE',
  'GEICO *AUTO',
  'ZELLE FROM JOHN SMITH',
  'ZELLE PAYMENT FROM MARIA GARCIA',
  'VENMO *J DOE RENT MARCH',
  'WELLS FARGO HOME MORTGAGE',
  'ROCKET MORTGAGE PMT',
  'COUNTY TREASURER PROPERTY TAX',
  'IRS USATAXPYMT',
  'ZILLOW RENTALS LISTING',
  'UBER *TRIP HELP.UBER.COM',
  'SHELL OIL 57444',
  'MERRY MAIDS OF AUSTIN',
  'SMITH & ASSOCIATES LAW',
  'ABC PROPERTY MGMT',
  'AIRBNB PAYMENTS',
  'FERGUSON ENTERPRISES #102',
  'BEST BUY 00012345',
  'IKEA HOUSTON',
  'ADT SECURITY SERVICES',
  'AMAZON.COM*2K4 AMZN.COM/BILL',
  'STARBUCKS STORE 01234',
  'TARGET 00028548',
  'COSTCO WHSE #0123',
  'NETFLIX.COM',
  'CHECK 1042',
  'ONLINE TRANSFER TO SAV ...4821',
  'ATM WITHDRAWAL 123 MAIN ST',
  'SQ *JOES LAWN CARE',
];

const CATEGORIES = [null, null, null, 'repairs', 'utilities', 'supplies', 'rental_income', 'mortgage'];

/** Deterministic so every run measures the same work. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function syntheticTransactions(count: number, seed = 42): MatchableTransaction[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const merchant = pick(MERCHANTS);
    // Bank names carry varying tails (dates, reference numbers), so no two strings are alike.
    const name = random() < 0.6 ? `${merchant} ${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}` : merchant;
    const magnitude = random() < 0.05 ? 2_500 : Math.floor(random() ** 3 * 2_000_000);
    return {
      id: `t${i}`,
      name,
      amountCents: random() < 0.8 ? -magnitude : magnitude,
      category: pick(CATEGORIES),
      isIgnored: random() < 0.02,
      categorizationSource: null,
    };
  });
}

/**
 * The machine the write budgets are set for: this engine's median checks/s there. The rule, import and bank sync
 * benches run the engine in their own process just before and just after each figure and scale their CPU-bound
 * budgets by the mean, so a slower (or busier) machine is held to a proportionally lower rate.
 */
export const CALIBRATION_CHECKS_PER_SECOND = 7_680_000;

export interface Calibration {
  checksPerSecond: number;
  /** This machine against the calibration machine: 0.3 = 30% of its speed. */
  factor: number;
  /** The samples taken just before and just after a measure, when the figure is their mean. */
  range?: [number, number];
}

/** Runs the engine now, in this process: how fast this machine is at this moment. */
export function calibrate(): Calibration {
  const { checksPerSecond } = benchRuleEngine();
  return { checksPerSecond, factor: checksPerSecond / CALIBRATION_CHECKS_PER_SECOND };
}

/**
 * Calibrates just before and just after `measure` and takes their mean: on a shared machine one sample can be far
 * from the load the measure ran under (0.3M and 1.2M checks/s minutes apart were seen).
 */
export async function calibrated<T>(measure: () => Promise<T>): Promise<{ result: T; calibration: Calibration }> {
  const before = calibrate();
  const result = await measure();
  const after = calibrate();
  const checksPerSecond = Math.round((before.checksPerSecond + after.checksPerSecond) / 2);
  return {
    result,
    calibration: {
      checksPerSecond,
      factor: checksPerSecond / CALIBRATION_CHECKS_PER_SECOND,
      range: [before.checksPerSecond, after.checksPerSecond],
    },
  };
}

const millions = (checksPerSecond: number) => (checksPerSecond / 1_000_000).toFixed(2);

export const calibrationLabel = (calibration: Calibration) =>
  calibration.range
    ? `${millions(calibration.checksPerSecond)}M checks/s (${millions(calibration.range[0])} before, ${millions(calibration.range[1])} after)`
    : `${millions(calibration.checksPerSecond)}M checks/s`;

/** A rate budget set at the calibration (per second), here. */
export const rateBudgetHere = (calibration: Calibration, budget: number) => budget * calibration.factor;

/** A time budget set at the calibration (ms), here. */
export const timeBudgetHere = (calibration: Calibration, budgetMs: number) => budgetMs / calibration.factor;

function matchAll(matchers: readonly RuleMatcher[], transactions: readonly MatchableTransaction[]): number {
  let matches = 0;
  for (const t of transactions) {
    for (const m of matchers) if (m.matches(t)) matches++;
  }
  return matches;
}

export function benchRuleEngine(options: { transactions?: number; passes?: number } = {}): {
  checksPerSecond: number;
  checks: number;
  matches: number;
  medianPassMs: number;
  firstPassMs: number;
  rules: number;
  transactions: number;
} {
  const transactions = syntheticTransactions(options.transactions ?? 50_000);
  const matchers = RULES.map((rule) => compileRule(rule));
  const passes = options.passes ?? 5;
  // The first pass pays for JIT warm-up and the regex engine's lazily built DFA states; a
  // long-lived Lambda or tab keeps both, so it is reported apart and the median is the figure.
  const coldStarted = performance.now();
  const matches = matchAll(matchers, transactions);
  const firstPassMs = performance.now() - coldStarted;
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const started = performance.now();
    matchAll(matchers, transactions);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const medianPassMs = times[Math.floor(times.length / 2)]!;
  const checks = matchers.length * transactions.length;
  return {
    checksPerSecond: Math.round(checks / (medianPassMs / 1000)),
    checks,
    matches,
    medianPassMs,
    firstPassMs,
    rules: matchers.length,
    transactions: transactions.length,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = benchRuleEngine();
  const verdict = result.checksPerSecond >= RULE_ENGINE_BUDGET_CHECKS_PER_SECOND ? 'within' : 'OVER';
  console.log('== Categorization rule engine ==');
  console.log(
    `${result.rules} rules x ${result.transactions.toLocaleString('en-US')} transactions = ${result.checks.toLocaleString('en-US')} checks, ${result.matches.toLocaleString('en-US')} matches`,
  );
  console.log(
    `median pass ${result.medianPassMs.toFixed(1)} ms (first, cold: ${result.firstPassMs.toFixed(1)} ms): ${result.checksPerSecond.toLocaleString('en-US')} checks/s (budget >= ${RULE_ENGINE_BUDGET_CHECKS_PER_SECOND.toLocaleString('en-US')}, ${verdict})`,
  );
}
