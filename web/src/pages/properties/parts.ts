import { pageLoader } from '../../app/pageLoader';
import { tablePreferences } from '../../components/preferences';

/**
 * The properties table, in its own chunk: a phone shows the list (PropertyList) and never downloads it, nor the
 * table's preferences.
 */
export const propertiesTable = pageLoader(() => import('./PropertiesTable'));
export const PROPERTIES_DESKTOP_PARTS = [propertiesTable, tablePreferences];
