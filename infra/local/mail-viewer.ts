import type { ServerResponse } from 'node:http';
import { readMailbox } from './ses.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Links in a plain-text body, made clickable (only http(s) ones). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * /_mail on the local origin: the SES emulator's mailbox, newest first, as plain server-rendered HTML (the
 * origin's CSP allows no inline script, so the emulator's own page cannot run here). Offline only.
 */
export async function serveMailbox(res: ServerResponse, sesEndpoint: string): Promise<void> {
  const mails = (await readMailbox(sesEndpoint)).slice().reverse();
  const items = mails
    .map(
      (mail) => `<article class="mail" data-testid="mail">
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.destination.to.join(', '))} · from ${escapeHtml(mail.from)} · ${new Date(mail.at * 1000).toISOString()}</p>
<pre>${linkify(mail.body.text ?? '')}</pre>
</article>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox - Rent.Today</title>
<style>body{font-family:Arial,sans-serif;margin:16px;color:#0f141a}.mail{border:1px solid #c6c6cd;border-radius:8px;padding:12px;margin:12px 0}h2{font-size:18px;margin:0 0 4px}.meta{color:#4b4f57;margin:0}pre{white-space:pre-wrap;font-family:inherit}</style>
</head><body><main><h1>Local mailbox</h1>
<p>Mail the app sent through the local SES emulator since it started, newest first (${mails.length}).</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}
