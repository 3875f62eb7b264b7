import { inOneWindow } from './clock.js';

/**
 * Run before every integration and browser file: a file starts only when at least five minutes of the UTC day are left
 * (the longest file takes under three on a slow day), so everything it reads as "today" — when it loads, when it
 * seeds, when it asserts, and the server's own clock — is one date. Near midnight the file waits for the new day.
 */
await inOneWindow('day', 300);
