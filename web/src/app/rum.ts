// CloudWatch RUM (web vitals and errors), configured by CDK into /config.json ("rum"). It is loaded only after
// the page has loaded and the browser is idle, in its own chunk, so it costs the first paint nothing; without
// that config (offline, unless configured) nothing is loaded at all.
import type { RumConfig } from '../config';

/** /invite/:token, /subscribe/:token and /unsubscribe/:token (app/routes.tsx). */
export const LINK_PAGES = /^https?:\/\/[^/]+\/(invite|subscribe|unsubscribe)\//;

export function startRumWhenIdle(config: RumConfig | undefined): void {
  if (!config) return;
  const start = () => {
    import('aws-rum-web')
      .then(({ AwsRum }) => {
        new AwsRum(config.appMonitorId, '1.0.0', config.region, {
          sessionSampleRate: 1,
          identityPoolId: config.identityPoolId,
          guestRoleArn: config.guestRoleArn,
          endpoint: `https://dataplane.rum.${config.region}.amazonaws.com`,
          telemetries: ['performance', 'errors'],
          allowCookies: false,
          enableXRay: false,
          // The pages of mailed links hold the link's secret in their address: RUM records nothing there.
          pagesToExclude: [LINK_PAGES],
        });
      })
      .catch((error: unknown) => console.warn('RUM could not start', error));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 10_000 }) : setTimeout(start, 3000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
