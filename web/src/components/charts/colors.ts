/** The charts' colours: Cloudscape's status palette as design tokens (light fallbacks), so dark mode follows. */
export const CHART_COLORS = {
  positive: 'var(--color-charts-status-positive-bijtpy, #67a353)',
  negative: 'var(--color-charts-status-high-36e4y0, #ba2e0f)',
  info: 'var(--color-charts-status-info-u1d8gu, #3184c2)',
  neutral: 'var(--color-charts-status-neutral-56w8ox, #8c8c94)',
};
