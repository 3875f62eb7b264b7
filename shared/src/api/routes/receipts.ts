/**
 * Receipts: the presigned upload and its confirmation, a transaction's or a person's receipts, their links,
 * deleting one. Part of THE route table (../routes.ts).
 */

import { DeletedId } from '../../domain/common.js';
import {
  MyReceiptsQuery,
  ReceiptList,
  ReceiptReferenceQuery,
  ReceiptResult,
  ReceiptUpload,
  ReceiptUploadRequest,
  ReceiptUrl,
} from '../../domain/receipt.js';
import { STAFF } from '../../domain/roles.js';
import type { RouteDef } from '../route.js';
import { byId } from './params.js';

// Receipts (the product's paths). Upload is two JSON steps instead of one multipart POST: the bytes go
// straight to S3 with a presigned PUT, then the confirm call checks them (docs/ledger.md "Receipts").
export const createReceiptUpload = {
  id: 'createReceiptUpload',
  method: 'POST',
  path: '/api/receipts/upload-receipts',
  body: ReceiptUploadRequest,
  response: ReceiptUpload,
  roles: STAFF,
  status: 201,
  bucketAccess: ['s3:PutObject'],
} as const satisfies RouteDef;

export const confirmReceiptUpload = {
  id: 'confirmReceiptUpload',
  method: 'POST',
  path: '/api/receipts/{id}/confirm',
  params: byId,
  response: ReceiptResult,
  roles: STAFF,
  // Copies the pending upload to the receipt's own key (Get on the source, Put on the target),
  // reads its first bytes, deletes the pending object.
  bucketAccess: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const satisfies RouteDef;

export const listMyReceipts = {
  id: 'listMyReceipts',
  method: 'GET',
  path: '/api/receipts/my-receipts',
  query: MyReceiptsQuery,
  response: ReceiptList,
  roles: STAFF,
} as const satisfies RouteDef;

export const getReceiptUrl = {
  id: 'getReceiptUrl',
  method: 'GET',
  path: '/api/receipts/get-receipt-url',
  query: ReceiptReferenceQuery,
  response: ReceiptUrl,
  roles: STAFF,
  bucketAccess: ['s3:GetObject'],
} as const satisfies RouteDef;

/** The product also calls the same thing at the API root. */
export const getReceiptUrlAtRoot = {
  id: 'getReceiptUrlAtRoot',
  method: 'GET',
  path: '/api/get-receipt-url',
  query: ReceiptReferenceQuery,
  response: ReceiptUrl,
  roles: STAFF,
  bucketAccess: ['s3:GetObject'],
} as const satisfies RouteDef;

export const deleteReceipt = {
  id: 'deleteReceipt',
  method: 'DELETE',
  path: '/api/receipts/{id}',
  params: byId,
  response: DeletedId,
  roles: STAFF,
  bucketAccess: ['s3:DeleteObject'],
} as const satisfies RouteDef;
