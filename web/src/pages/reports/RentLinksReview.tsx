import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { RentLinksPanel } from './parts';

/**
 * "Link past rent to leases" on the rent roll (docs/tenants-and-maintenance.md "Linking past rent"): a button that
 * opens the review of suggested links, whose table's code loads when it is opened.
 */
export function RentLinksReview() {
  const [open, setOpen] = useState(false);
  if (open) return <RentLinksPanel onClose={() => setOpen(false)} />;
  return (
    <Box>
      <Button onClick={() => setOpen(true)} data-testid="rent-links-open">
        Link past rent to leases
      </Button>
    </Box>
  );
}
