import { pageLoader } from '../../app/pageLoader';

/** The properties table, in its own chunk: a phone shows the list (PropertyList) and never downloads it. */
export const propertiesTable = pageLoader(() => import('./PropertiesTable'));
export const PROPERTIES_DESKTOP_PARTS = [propertiesTable];
