import { TABLE } from '@rent/functions/data/table';
import { UPLOAD_KINDS } from '@rent/functions/lib/uploadKinds';
import { TAX_PACKAGE_DAYS } from '@rent/shared';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

export interface DataStackProps extends StackProps {
  /** The SPA's origin: the only origin allowed to PUT receipts with a presigned URL. */
  siteUrl: string;
}

/**
 * Everything stateful, in one stack that is deployed rarely and never replaced: the table, the
 * receipts bucket and the Plaid token key. All RETAIN, so deleting the stack (or a refactor that
 * changes a logical id) cannot delete customer data.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly receipts: Bucket;
  readonly plaidTokenKey: Key;
  /** HMAC key of the API's page cursors (functions/src/data/cursor.ts), generated once, never in source. */
  readonly cursorSecret: Secret;
  /** S3 server access logs of this stack's buckets. */
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    // Built from the same description the offline bootstrap uses (functions/src/data/table.ts), so the
    // local table and the real one cannot drift apart.
    const str = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: str(TABLE.partitionKey),
      sortKey: str(TABLE.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
      });
    }

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.receipts = new Bucket(this, 'Receipts', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // S3-managed keys: presigned PUT/GET then need no KMS grants for the signing role, and receipts
      // are not more sensitive than the table (which also uses an AWS-owned key).
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'receipts/',
      // The browser uploads straight to S3 with a presigned PUT (XMLHttpRequest, web/src/api/receipts.ts)
      // and shows receipts with presigned GETs. The signature decides what may be written; CORS only has
      // to admit our own origin. The PUT signs content-type, content-length and host
      // (functions/src/lib/s3.ts); content-length and host are set by the browser itself and never
      // appear in a preflight, so content-type (an image/PDF type, not CORS-safelisted) is the one
      // request header to allow. Browsers send header names in lower case in preflights.
      cors: [
        {
          allowedOrigins: [props.siteUrl],
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET, HttpMethods.HEAD],
          allowedHeaders: ['content-type'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Versioning is the undo for an accidental delete or overwrite, not an archive.
        { noncurrentVersionExpiration: Duration.days(30) },
        // Uploads land under <prefix>/pending/ and are copied to the file's own key on confirm; what is left
        // there (an abandoned upload, a PUT after confirm with the same link) is never read. One rule per kind
        // of upload (receipts, maintenance photos).
        ...UPLOAD_KINDS.map((kind) => ({ prefix: `${kind.prefix}/pending/`, expiration: Duration.days(1) })),
        // Tax packages: a built zip is downloadable for TAX_PACKAGE_DAYS, then deleted (and its old versions).
        {
          prefix: 'tax-packages/',
          expiration: Duration.days(TAX_PACKAGE_DAYS),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Envelope key for Plaid access tokens (bank sync, later). Rotation on; RETAIN because losing the key
    // would make every stored token undecryptable.
    this.plaidTokenKey = new Key(this, 'PlaidTokenKey', {
      description: 'Rent.Today: encrypts Plaid access tokens at rest',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Signs the API's page cursors, so a client cannot forge the running sums or keys they carry. The
    // route functions get it as CURSOR_SECRET (a dynamic reference resolved at deploy). Rotating it only
    // invalidates open page links (a 400 "start again from the first page"), so it is rotated by
    // replacing the value, not by a rotation Lambda.
    this.cursorSecret = new Secret(this, 'CursorSecret', {
      description: 'Rent.Today: HMAC-SHA256 key of API page cursors',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
