import { loadConfig } from '../config';

/**
 * A thin wrapper over Plaid Link in the browser. Its script comes from the runtime config's `plaidLinkScriptUrl`
 * (Plaid's CDN in AWS, the Plaid stand-in's own link-initialize.js offline), loaded once, lazily, the first time
 * someone clicks Connect or Reconnect: no other page pays for it.
 */
export interface PlaidLinkSuccess {
  publicToken: string;
  institution: { id: string; name: string } | null;
}

interface PlaidHandler {
  open(): void;
  exit(options?: { force?: boolean }): void;
  destroy(): void;
}

interface PlaidGlobal {
  create(options: {
    token: string;
    onSuccess: (
      publicToken: string,
      metadata: { institution?: { institution_id?: string; name?: string } | null },
    ) => void;
    onExit: (error: { error_code?: string; display_message?: string | null; error_message?: string } | null) => void;
  }): PlaidHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

let loading: Promise<PlaidGlobal> | null = null;

async function scriptUrl(): Promise<string> {
  const config = (await loadConfig()) as { plaidLinkScriptUrl?: string };
  if (!config.plaidLinkScriptUrl) throw new Error('Bank linking is not configured for this site.');
  return config.plaidLinkScriptUrl;
}

/** Loads Link's script once (a failed load may be tried again). */
export function loadPlaidLink(): Promise<PlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= scriptUrl()
    .then(
      (src) =>
        new Promise<PlaidGlobal>((resolve, reject) => {
          const script = document.createElement('script');
          script.src = src;
          script.async = true;
          script.onload = () => (window.Plaid ? resolve(window.Plaid) : reject(new Error('Plaid Link did not start.')));
          script.onerror = () =>
            reject(new Error('Plaid Link could not be loaded. Check your connection and try again.'));
          document.head.appendChild(script);
        }),
    )
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Opens Link with a link token. Resolves with the public token and institution on success (in update mode the
 * public token is not exchanged), null when the person closed Link, and rejects with Link's own message on an error.
 */
export async function openPlaidLink(linkToken: string): Promise<PlaidLinkSuccess | null> {
  const Plaid = await loadPlaidLink();
  return new Promise((resolve, reject) => {
    const handler = Plaid.create({
      token: linkToken,
      onSuccess: (publicToken, metadata) => {
        handler.destroy();
        const institution = metadata.institution;
        resolve({
          publicToken,
          institution:
            institution?.institution_id && institution.name
              ? { id: institution.institution_id, name: institution.name }
              : null,
        });
      },
      onExit: (error) => {
        handler.destroy();
        if (error)
          reject(new Error(error.display_message || error.error_message || 'The bank sign-in did not finish.'));
        else resolve(null);
      },
    });
    handler.open();
  });
}
