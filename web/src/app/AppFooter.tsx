import Box from '@cloudscape-design/components/box';
import { RouterLink } from '../lib/navigation';

export const TAGLINE = 'Simplify your lease, amplify your peace';

/** docs/product.md "Footer": the tagline, a Privacy Policy link and a Terms of Service link. */
export function AppFooter() {
  return (
    <footer id="rt-footer" className="rt-footer" data-testid="footer">
      <Box variant="small" color="text-body-secondary">
        <span className="rt-footer-brand">Rent.Today</span> · {TAGLINE}
      </Box>
      <nav aria-label="Legal" className="rt-footer-links">
        <RouterLink href="/privacy-policy" fontSize="body-s" variant="secondary">
          Privacy Policy
        </RouterLink>
        <RouterLink href="/terms-of-service" fontSize="body-s" variant="secondary">
          Terms of Service
        </RouterLink>
      </nav>
    </footer>
  );
}
