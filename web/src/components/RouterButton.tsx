import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import { useFollow } from '../lib/navigation';

/** A Cloudscape Button that is a link to a path inside the app. */
export function RouterButton({ href, ...props }: Omit<ButtonProps, 'href' | 'onFollow'> & { href: string }) {
  const follow = useFollow();
  return <Button href={href} onFollow={follow} {...props} />;
}
