import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { jobBundleDir } from './bundle.js';
import type { Mail } from './mail.js';
import { PlaidAccess, type PlaidProps } from './plaid.js';
import { bundledFunction, grantTableAccess } from './route-function.js';

/**
 * The queue's name is fixed, so the Api stack's webhook and "Sync now" functions can be granted sqs:SendMessage
 * on it and told its URL without a reference to this stack (which itself depends on the Api stack for the mail
 * sender): no cycle, and the grant is still one queue's ARN, never a wildcard.
 */
export const SYNC_QUEUE_NAME = 'rent-today-bank-sync';
export const syncQueueArn = () => `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${SYNC_QUEUE_NAME}`;
export const syncQueueUrl = () => `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${SYNC_QUEUE_NAME}`;

/** Every six hours, every bank link (the "scheduled Lambda bank syncs"). */
export const SYNC_SCHEDULE = Duration.hours(6);
/** The consumer's timeout; a lease outlives it, the queue's visibility timeout is six of them (AWS's advice). */
export const CONSUMER_TIMEOUT = Duration.minutes(5);
export const SYNC_LEASE_SECONDS = CONSUMER_TIMEOUT.toSeconds() + 60;
/** Receives before a message goes to the dead-letter queue (each retry is a new sync attempt from the cursor). */
export const MAX_RECEIVE_COUNT = 5;

export interface SyncStackProps extends StackProps {
  table: ITable;
  /** The Plaid token key: only the consumer may decrypt with it. */
  plaidTokenKey: IKey;
  /** The mail sender (ITEM_LOGIN_REQUIRED met by a sync emails staff). */
  mail: Mail;
  /** Plaid's environment and the operator's secret: the consumer calls /transactions/sync. */
  plaid: PlaidProps;
  functionsDir?: string;
}

/**
 * The Sync stack (docs/banking.md "Sync plumbing"): EventBridge every 6 hours -> fan-out Lambda -> SQS (DLQ after
 * MAX_RECEIVE_COUNT receives, alarm on any visible dead letter) <- the Plaid webhook and "Sync now" routes; one
 * consumer Lambda syncs each link under its lease. The offline twin is infra/local/sync-runner.ts.
 */
export class SyncStack extends Stack {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly consumer: LambdaFunction;
  readonly fanOut: LambdaFunction;
  readonly schedule: Rule;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, props: SyncStackProps) {
    super(scope, id, props);

    this.deadLetters = new Queue(this, 'DeadLetters', {
      queueName: `${SYNC_QUEUE_NAME}-dlq`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      queueName: SYNC_QUEUE_NAME,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(CONSUMER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    this.deadLetterAlarm = new Alarm(this, 'DeadLetterAlarm', {
      alarmDescription:
        'Bank syncs failed MAX_RECEIVE_COUNT times and wait in the dead-letter queue (docs/deploy.md "Bank sync").',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Consumer: the only function here that may decrypt Plaid access tokens -------------------------
    const consumer = new Construct(this, 'Consumer');
    this.consumer = bundledFunction(consumer, {
      codeDir: jobBundleDir('syncBank', props.functionsDir),
      description: 'Bank sync: one link per message, under its lease (SQS consumer)',
      memorySize: 1024,
      timeout: CONSUMER_TIMEOUT,
      environment: {
        TABLE_NAME: props.table.tableName,
        SYNC_LEASE_SECONDS: String(SYNC_LEASE_SECONDS),
        PLAID_TOKEN_KEY_ID: props.plaidTokenKey.keyArn,
        LOG_LEVEL: 'info',
        MAIL_FROM: props.mail.from,
        SITE_URL: props.mail.siteUrl,
        SES_CONFIGURATION_SET: props.mail.configurationSet.configurationSetName,
      },
    });
    new PlaidAccess(consumer, props.plaid).grant(this.consumer);
    grantTableAccess(this.consumer, props.table, 'readWrite');
    Grant.addToPrincipal({
      grantee: this.consumer,
      actions: ['kms:Decrypt'],
      resourceArns: [props.plaidTokenKey.keyArn],
    });
    Grant.addToPrincipal({ grantee: this.consumer, actions: ['ses:SendEmail'], resourceArns: props.mail.resourceArns });
    this.consumer.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(5),
        reportBatchItemFailures: true,
        // Plaid's per-item rate limits and the table's burst: a few links at a time is plenty every 6 hours.
        maxConcurrency: 5,
      }),
    );

    // --- Schedule fan-out: lists the links (GSI1 BANKITEMS) and sends one message each ------------------
    const fanOut = new Construct(this, 'FanOut');
    this.fanOut = bundledFunction(fanOut, {
      codeDir: jobBundleDir('scheduleBankSyncs', props.functionsDir),
      description: 'Bank sync schedule: enqueue every bank link',
      memorySize: 512,
      timeout: Duration.minutes(5),
      environment: { TABLE_NAME: props.table.tableName, SYNC_QUEUE_URL: this.queue.queueUrl, LOG_LEVEL: 'info' },
    });
    Grant.addToPrincipal({
      grantee: this.fanOut,
      actions: ['dynamodb:Query'],
      resourceArns: [`${props.table.tableArn}/index/GSI1`],
    });
    Grant.addToPrincipal({ grantee: this.fanOut, actions: ['sqs:SendMessage'], resourceArns: [this.queue.queueArn] });
    this.schedule = new Rule(this, 'Schedule', {
      description: 'Rent.Today: sync every bank link every 6 hours',
      schedule: Schedule.rate(SYNC_SCHEDULE),
      targets: [new LambdaTarget(this.fanOut, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
    });

    new CfnOutput(this, 'DeadLetterQueueUrl', {
      key: 'BankSyncDeadLetterQueueUrl',
      value: this.deadLetters.queueUrl,
      description: 'Failed bank syncs; redrive to the main queue after fixing the cause (docs/deploy.md)',
    });
  }
}
