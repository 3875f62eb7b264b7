import { Aws } from 'aws-cdk-lib';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  /** The sender, "Name <address>" or a bare address (context `mailFrom`). */
  mailFrom: string;
  /** The origin links in mails point at (context `siteUrl`). */
  siteUrl: string;
}

/**
 * Email through Amazon SES v2 (docs/deploy.md "Email"): the sender address as an SES identity (SES mails it
 * a verification link once) and a configuration set that puts bounced and complained-about addresses on
 * the suppression list. Routes flagged `sendsEmail` get ses:SendEmail on exactly these two.
 */
export class Mail extends Construct {
  readonly from: string;
  readonly siteUrl: string;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.from = props.mailFrom;
    this.siteUrl = props.siteUrl;
    const address = /<([^>]+)>/.exec(props.mailFrom)?.[1] ?? props.mailFrom;
    this.identity = new EmailIdentity(this, 'Sender', { identity: Identity.email(address.trim()) });
    this.configurationSet = new ConfigurationSet(this, 'Config', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
  }

  /** What ses:SendEmail is checked against: the sender identity and the configuration set. */
  get resourceArns(): string[] {
    return [
      this.identity.emailIdentityArn,
      `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${this.configurationSet.configurationSetName}`,
    ];
  }
}
