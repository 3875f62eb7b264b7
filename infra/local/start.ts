import { DEMO_USERS } from './demo-users.js';
import { JavaMissingError } from './dynamodb.js';
import { startLocalStack } from './stack.js';
import { SYNC_CONTROL_HEADER } from './sync-runner.js';
import { buildWebIfStale } from './web-build.js';

/** `npm start`: the whole product offline, with demo data, on one https://localhost URL. */
async function main() {
  buildWebIfStale();
  const stack = await startLocalStack({
    port: Number(process.env.PORT ?? 8443),
    persist: true,
    log: (line) => console.log(line),
    // The offline Sync stack's schedule (6 hours in AWS): short, so linked banks catch up while you watch.
    syncEveryMs: Number(process.env.SYNC_EVERY_SECONDS ?? 120) * 1000,
    // The daily charge job (once a day in AWS): at start, then hourly; posting twice posts nothing new.
    chargesEveryMs: 60 * 60 * 1000,
  });
  console.log(`\nRent.Today is running at ${stack.url}\n`);
  console.log(`Mail the app sends (invitations) arrives in the local mailbox: ${stack.url}/_mail`);
  console.log(`Plaid stand-in (bank links; control API under /_control, see README): ${stack.plaidEndpoint}`);
  console.log(
    `Sync runner control (from this machine, not a browser): ${stack.syncRunnerEndpoint}/_control/… with header ${SYNC_CONTROL_HEADER}: ${stack.syncRunnerControlKey}`,
  );
  console.log(
    'Your browser will warn about the self-signed certificate (made for localhost in .data/); accept it once.',
  );
  console.log(
    `Demo people on the sign-in page: ${DEMO_USERS.map((u) => `${u.name} (${u.role})`).join(', ')}; or any email.`,
  );
  console.log('Data is kept in .data/ across restarts. Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof JavaMissingError ? error.message : error);
  process.exit(1);
});
