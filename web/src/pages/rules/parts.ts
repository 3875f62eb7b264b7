import { partLoader, partOr } from '../../app/pageLoader';
import { RulesLists } from './RulesLists';

const rulesTables = partLoader(() => import('./RulesTables').then((m) => m.RulesTables));

/**
 * The rules and recent applies as tables once their code is there (a desktop loads it with the page, routes.tsx, so
 * its first render has them); the lists until then. A phone shows the lists (RulesPage) and never loads the tables.
 */
export const RulesTables = partOr(rulesTables, RulesLists);
export const RULES_DESKTOP_PARTS = [rulesTables];
