import { partLoader } from '../../app/pageLoader';

/**
 * The rules and recent applies as tables (RulesTables): a desktop loads them with the page (routes.tsx), so its first
 * render has them; a phone shows lists (RulesLists) and never loads them. Only the loader lives here: routes.tsx is in
 * the app's first load, and whatever this module imports would be too.
 */
export const rulesTables = partLoader(() => import('./RulesTables').then((m) => m.RulesTables));
export const RULES_DESKTOP_PARTS = [rulesTables];
