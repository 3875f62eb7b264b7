import { z } from 'zod';
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
import { defineRoute } from '../route.js';
import { byId } from './params.js';

/**
 * Receipts: the presigned upload and its confirmation, a transaction's or a person's receipts, their links,
 * deleting one. Part of THE route table (../routes.ts).
 */
export const receiptsRoutes = {
  // Receipts (the product's paths). Upload is two JSON steps instead of one multipart POST: the bytes go
  // straight to S3 with a presigned PUT, then the confirm call checks them (docs/ledger.md "Receipts").
  createReceiptUpload: defineRoute({
    id: 'createReceiptUpload',
    method: 'POST',
    path: '/api/receipts/upload-receipts',
    body: ReceiptUploadRequest,
    response: ReceiptUpload,
    roles: STAFF,
    status: 201,
    bucketAccess: ['s3:PutObject'],
  }),
  confirmReceiptUpload: defineRoute({
    id: 'confirmReceiptUpload',
    method: 'POST',
    path: '/api/receipts/{id}/confirm',
    params: byId,
    response: ReceiptResult,
    roles: STAFF,
    // Copies the pending upload to the receipt's own key (Get on the source, Put on the target),
    // reads its first bytes, deletes the pending object.
    bucketAccess: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  }),
  listMyReceipts: defineRoute({
    id: 'listMyReceipts',
    method: 'GET',
    path: '/api/receipts/my-receipts',
    query: MyReceiptsQuery,
    response: ReceiptList,
    roles: STAFF,
  }),
  getReceiptUrl: defineRoute({
    id: 'getReceiptUrl',
    method: 'GET',
    path: '/api/receipts/get-receipt-url',
    query: ReceiptReferenceQuery,
    response: ReceiptUrl,
    roles: STAFF,
    bucketAccess: ['s3:GetObject'],
  }),
  /** The product also calls the same thing at the API root. */
  getReceiptUrlAtRoot: defineRoute({
    id: 'getReceiptUrlAtRoot',
    method: 'GET',
    path: '/api/get-receipt-url',
    query: ReceiptReferenceQuery,
    response: ReceiptUrl,
    roles: STAFF,
    bucketAccess: ['s3:GetObject'],
  }),
  deleteReceipt: defineRoute({
    id: 'deleteReceipt',
    method: 'DELETE',
    path: '/api/receipts/{id}',
    params: byId,
    response: z.object({ id: z.string() }),
    roles: STAFF,
    bucketAccess: ['s3:DeleteObject'],
  }),
} as const;
