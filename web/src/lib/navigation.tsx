import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

type FollowDetail = { href?: string; external?: boolean; target?: string };

/** Turns Cloudscape's onFollow (links, nav items, menu items) into client-side navigation for our own paths. */
export function useFollow(): (event: CustomEvent<FollowDetail>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: CustomEvent<FollowDetail>) => {
      const { href, external, target } = event.detail;
      if (!href || external || (target && target !== '_self') || !href.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}

/** A Cloudscape Link to a path inside the app (keeps the real href for new-tab and crawlers). */
export function RouterLink({
  href,
  onFollow,
  ...props
}: Omit<LinkProps, 'onFollow'> & { href: string; onFollow?: () => void }) {
  const follow = useFollow();
  return (
    <Link
      href={href}
      {...props}
      onFollow={(event) => {
        onFollow?.();
        follow(event);
      }}
    />
  );
}
