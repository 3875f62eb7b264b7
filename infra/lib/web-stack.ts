import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { REPO_ROOT } from './bundle.js';
import { type PlaidEnvironment, plaidCspSources } from './plaid.js';
import { Rum } from './rum.js';
import { SPA_ROUTING_CODE } from './spa-routing.js';

export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

export interface WebStackProps extends StackProps {
  httpApi: IHttpApi;
  /** Written into /config.json, which the SPA reads at start-up (web/src/config.ts). */
  runtimeConfig: { userPoolId: string; userPoolClientId: string; oauthDomain: string; plaidLinkScriptUrl: string };
  /** Plaid's environment: the CSP admits Link's script, its frame and that environment's API origin. */
  plaidEnv: PlaidEnvironment;
  /** Receipts are PUT and shown straight from S3 with presigned URLs: the CSP must admit that host. */
  receipts: IBucket;
  /** The Vite build (default web/dist). When it does not exist only config.json is deployed. */
  webDistDir?: string;
  /** CloudWatch RUM for this domain (rum.ts); absent: no monitor, nothing in config.json. */
  rumDomain?: string;
}

/**
 * The one public origin: CloudFront serves the SPA from a private bucket (Origin Access Control) and
 * forwards /api/* to the HTTP API, so the browser sees one origin (no CORS) exactly as offline.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  /** Role of CDK's BucketDeployment Lambda (its wildcards are acknowledged in nag.ts). */
  readonly deploymentRole: Role;
  readonly rum?: Rum;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const webDist = props.webDistDir ?? WEB_DIST;
    if (props.rumDomain) this.rum = new Rum(this, 'Rum', { domain: props.rumDomain });

    // CloudFront standard logs are delivered with ACLs, so this bucket keeps ACLs enabled (owner preferred).
    const logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Rent.Today security headers (SPA and API)',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props, this.rum?.connectSources ?? []),
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=()',
            override: true,
          },
        ],
      },
    });

    // SPA routing on the default behaviour only (spa-routing.ts: an app route gets index.html, a file request its
    // object). Distribution-wide errorResponses would also turn the API's 403/404 JSON into index.html with
    // status 200, which is why they are not used.
    const spaRouting = new EdgeFunction(this, 'SpaRouting', {
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Client-side routes -> /index.html',
      code: FunctionCode.fromInline(SPA_ROUTING_CODE),
    });

    const apiOrigin = new HttpOrigin(`${props.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
    });

    this.distribution = new Distribution(this, 'Cdn', {
      comment: 'Rent.Today',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          // An API call must never be replayed as a redirect (a POST would turn into a GET).
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (Authorization included) except Host, which API Gateway needs to
          // be its own domain.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    this.deploymentRole = this.deploySite(webDist, props.runtimeConfig);

    new CfnOutput(this, 'SiteUrl', {
      value: `https://${this.distribution.distributionDomainName}`,
      description: 'Set this as CDK context "siteUrl" (Cognito callback and CORS origin); see docs/deploy.md',
    });
  }

  /**
   * Two deployments of the same build, because they need different caching:
   * - assets/* carry content hashes: cached for a year, never pruned (a tab opened before a deploy still
   *   lazy-loads its old chunks);
   * - everything else (index.html, public files, config.json) must be revalidated on every load, and is
   *   invalidated in CloudFront after each deploy.
   * config.json is generated here from the deployed stacks (Source.jsonData), never baked into the build.
   */
  private deploySite(webDist: string, runtimeConfig: WebStackProps['runtimeConfig']): Role {
    const config = Source.jsonData('config.json', {
      region: Aws.REGION,
      ...runtimeConfig,
      apiBase: '',
      ...(this.rum && { rum: this.rum.runtimeConfig }),
    });
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Our own role for CDK's deployment Lambda: logs to its own group only, no AWS managed policy.
    const role = new Role(this, 'DeploymentRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const common = { destinationBucket: this.siteBucket, logGroup, role, memoryLimit: 512 };

    if (!existsSync(join(webDist, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'rent:webDist',
        `${webDist} has no index.html: only config.json is deployed. Run "npm run build:web" first.`,
      );
      new BucketDeployment(this, 'Config', {
        ...common,
        sources: [config],
        prune: false,
        cacheControl: [CacheControl.fromString('no-cache')],
        distribution: this.distribution,
        distributionPaths: ['/config.json'],
      });
      return role;
    }

    const hashedAssets = new BucketDeployment(this, 'Assets', {
      ...common,
      sources: [Source.asset(webDist)],
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const entry = new BucketDeployment(this, 'Entry', {
      ...common,
      sources: [Source.asset(webDist), config],
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html may only appear once every chunk it references is in place.
    entry.node.addDependency(hashedAssets);
    return role;
  }
}

/**
 * The origin of every presigned receipt URL in AWS. functions/src/lib/s3.ts presigns with a plain
 * S3Client (region from the Lambda, no endpoint, no forcePathStyle), and SDK v3 then makes
 * virtual-hosted, regional URLs, us-east-1 included: https://<bucket>.s3.<region>.amazonaws.com/<key>
 * (.amazonaws.com.cn in China). CDK bucket names are lower case without dots, so always this form.
 * tests/infra/app/stacks.ts compares it with a URL the real presign code makes.
 */
export const receiptsOrigin = (receipts: IBucket): string =>
  `https://${receipts.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

/**
 * Same-origin SPA + API; the only other hosts are Cognito (Hosted UI token endpoint and the user-pool
 * API Amplify calls), the receipts bucket and Google profile pictures. The receipts bucket is in
 * connect-src for the presigned PUT (XMLHttpRequest) and in img-src for thumbnails (presigned GET in an
 * <img>). Nothing frames or embeds a receipt: View opens the presigned GET in a new tab, a top-level
 * navigation no CSP directive of this page governs, so object-src is 'none' and frame-src admits only Plaid
 * Link's frame. Plaid Link (Plaid's documented CSP): exactly its CDN script, its frame origin, and the API
 * origin of the configured Plaid environment.
 * Inline styles are allowed because Cloudscape sets style attributes; scripts are same-origin only.
 */
function contentSecurityPolicy(props: WebStackProps, rum: string[]): string {
  const cognito = [`https://${props.runtimeConfig.oauthDomain}`, `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`];
  const receipts = receiptsOrigin(props.receipts);
  const plaid = plaidCspSources(props.plaidEnv);
  return [
    "default-src 'self'",
    `script-src 'self' ${plaid.script}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https://*.googleusercontent.com ${receipts}`,
    "font-src 'self' data:",
    `connect-src 'self' ${[...cognito, receipts, ...rum, plaid.connect].join(' ')}`,
    `frame-src ${plaid.frame}`,
    `form-action 'self' ${cognito[0]}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}
