import * as z from 'zod';
import { MESSAGE_BODY_MAX, REVIEW_STATUSES } from '../core/reviews.js';
import { Id, Timestamp } from './common.js';

/** A person as the Activity shows them (requester and reviewer as id, name and email). */
export const Person = z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() });
export type Person = z.infer<typeof Person>;

const ReviewStatus = z.enum(REVIEW_STATUSES);

/** A review request, with requester and reviewer. `resolvedAt` is when it reached a final state. */
export const ReviewRequest = z.object({
  id: z.string(),
  transactionId: z.string(),
  organizationId: z.string(),
  requesterId: z.string(),
  reviewerId: z.string(),
  status: ReviewStatus,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  acceptedAt: Timestamp.nullable(),
  resolvedAt: Timestamp.nullable(),
  requester: Person,
  reviewer: Person,
  version: z.number().int(),
});
export type ReviewRequest = z.infer<typeof ReviewRequest>;

/** A transaction message, with its author. */
export const TransactionMessage = z.object({
  id: z.string(),
  transactionId: z.string(),
  organizationId: z.string(),
  authorId: z.string(),
  reviewRequestId: z.string().nullable(),
  body: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  author: Person,
});
export type TransactionMessage = z.infer<typeof TransactionMessage>;

/** Trimmed, not empty; at most MESSAGE_BODY_MAX characters. */
const MessageBody = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, { error: 'Write a message' })
  .max(MESSAGE_BODY_MAX, { error: `A message can be at most ${MESSAGE_BODY_MAX} characters` });

export const MessageInput = z.strictObject({
  body: MessageBody,
  reviewRequestId: Id.nullish().transform((value) => value ?? null),
});
export type MessageInput = z.output<typeof MessageInput>;

/** Asking a colleague to review a transaction: who, and what to check (the request's first message). */
export const ReviewRequestInput = z.strictObject({
  reviewerId: Id,
  body: MessageBody,
});
export type ReviewRequestInput = z.output<typeof ReviewRequestInput>;

/** PATCH /api/reviews/{id}: only the assigned reviewer; PENDING is never set by hand. */
export const ReviewStatusUpdate = z.strictObject({
  status: z.enum(['ACCEPTED', 'REJECTED', 'RESOLVED'], { error: 'status must be ACCEPTED, REJECTED or RESOLVED' }),
});

export const ReviewListQuery = z.strictObject({ transactionId: Id });

export const MessageList = z.object({ messages: z.array(TransactionMessage) });
export const MessageResult = z.object({ message: TransactionMessage });
export const ReviewRequestList = z.object({ reviewRequests: z.array(ReviewRequest) });
export const ReviewRequestResult = z.object({ reviewRequest: ReviewRequest });
/** Asking for a review answers with the request and its first message. */
export const ReviewRequestCreated = z.object({ reviewRequest: ReviewRequest, message: TransactionMessage });
