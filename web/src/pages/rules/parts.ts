import { PartLoading } from '../../app/PageLoading';
import { partLoader, partOr } from '../../app/pageLoader';

const rulesTables = partLoader(() => import('./RulesTables').then((m) => m.RulesTables));

/**
 * The rules and recent applies tables once their code is there. Cloudscape's table (30 KB gzip, and a large
 * stylesheet) need not hold the page's heading back: a phone loads it after the page's first render, below the
 * heading it already shows; a desktop loads it with the page (routes.tsx), so its first render has it.
 */
export const RulesTables = partOr(rulesTables, PartLoading);
export const RULES_DESKTOP_PARTS = [rulesTables];
