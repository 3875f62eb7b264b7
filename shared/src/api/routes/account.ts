/**
 * Account deletion, public forms, client signals and unsubscribe links (docs/people.md
 * "Account deletion", "Public routes"). Part of THE route table (../routes.ts).
 */
import {
  AccountDeletionPreview,
  CLIENT_LOG_BODY_BYTES,
  ClientLogInput,
  ContactInput,
  DeleteAccountInput,
  DeleteAccountResult,
  LinkTokenParams,
  PublicFormResult,
  SubscribeInput,
  SubscriptionLink,
  UnsubscribeLink,
  UnsubscribeParams,
} from '../../domain/account.js';
import { NoContent } from '../../domain/common.js';
import { ANY_ROLE } from '../../domain/roles.js';
import type { RouteDef } from '../route.js';

/** Public forms: per-route API Gateway throttling (the handlers also count per client address). */
const PUBLIC_THROTTLE = { rateLimit: 5, burstLimit: 10 } as const;
const CONTACT_MAX_BODY_BYTES = 16 * 1024;
const SUBSCRIBE_MAX_BODY_BYTES = 4 * 1024;

export const getAccountDeletion = {
  id: 'getAccountDeletion',
  method: 'GET',
  path: '/api/account/deletion',
  response: AccountDeletionPreview,
  roles: ANY_ROLE,
  membership: 'optional',
} as const satisfies RouteDef;

export const deleteAccount = {
  id: 'deleteAccount',
  method: 'POST',
  path: '/api/account/delete',
  body: DeleteAccountInput,
  response: DeleteAccountResult,
  roles: ANY_ROLE,
  membership: 'optional',
  userPoolAccess: ['cognito-idp:AdminDeleteUser'],
  startsJob: 'purgeOrganization',
} as const satisfies RouteDef;

export const sendContactMessage = {
  id: 'sendContactMessage',
  method: 'POST',
  path: '/api/contact',
  body: ContactInput,
  response: PublicFormResult,
  roles: ANY_ROLE,
  public: true,
  sendsEmail: true,
  maxBodyBytes: CONTACT_MAX_BODY_BYTES,
  throttle: PUBLIC_THROTTLE,
} as const satisfies RouteDef;

export const subscribe = {
  id: 'subscribe',
  method: 'POST',
  path: '/api/subscribers',
  body: SubscribeInput,
  response: PublicFormResult,
  roles: ANY_ROLE,
  public: true,
  sendsEmail: true,
  maxBodyBytes: SUBSCRIBE_MAX_BODY_BYTES,
  throttle: PUBLIC_THROTTLE,
} as const satisfies RouteDef;

export const getSubscription = {
  id: 'getSubscription',
  method: 'GET',
  path: '/api/subscribers/confirm/{token}',
  params: LinkTokenParams,
  response: SubscriptionLink,
  roles: ANY_ROLE,
  public: true,
  throttle: PUBLIC_THROTTLE,
} as const satisfies RouteDef;

export const confirmSubscription = {
  id: 'confirmSubscription',
  method: 'POST',
  path: '/api/subscribers/confirm/{token}',
  params: LinkTokenParams,
  response: PublicFormResult,
  roles: ANY_ROLE,
  public: true,
  throttle: PUBLIC_THROTTLE,
} as const satisfies RouteDef;

export const postClientLog = {
  id: 'postClientLog',
  method: 'POST',
  path: '/api/client-log',
  body: ClientLogInput,
  response: NoContent,
  roles: ANY_ROLE,
  public: true,
  status: 204,
  maxBodyBytes: CLIENT_LOG_BODY_BYTES,
  throttle: { rateLimit: 10, burstLimit: 20 },
} as const satisfies RouteDef;

export const getUnsubscribe = {
  id: 'getUnsubscribe',
  method: 'GET',
  path: '/api/unsubscribe/{token}',
  params: UnsubscribeParams,
  response: UnsubscribeLink,
  roles: ANY_ROLE,
  public: true,
  throttle: PUBLIC_THROTTLE,
} as const satisfies RouteDef;

// Also the one-click target of List-Unsubscribe-Post (RFC 8058): a mail client POSTs here; any body is ignored.
export const unsubscribe = {
  id: 'unsubscribe',
  method: 'POST',
  path: '/api/unsubscribe/{token}',
  params: UnsubscribeParams,
  response: UnsubscribeLink,
  roles: ANY_ROLE,
  public: true,
  throttle: PUBLIC_THROTTLE,
} as const satisfies RouteDef;
