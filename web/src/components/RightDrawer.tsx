import Drawer from '@cloudscape-design/components/drawer';
import Header from '@cloudscape-design/components/header';
import type { ReactNode } from 'react';
import { useRegisterFlyout } from './flyout';

/** The drawer's default maximum width (docs/product.md "Constants and limits"). */
export const DRAWER_MAX_WIDTH = 600;

export interface RightDrawerProps {
  open: boolean;
  /** How it was asked to close: the close button, a backdrop click or Escape. */
  onClose: (method?: 'close-action' | 'backdrop-click' | 'escape') => void;
  title: ReactNode;
  /** Optional text under the title. */
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: number;
  closeLabel?: string;
  testId?: string;
}

/**
 * The generic right-side drawer (docs/product.md "Flyouts, drawers and toasts"): a title, a body, an optional footer
 * and a close button. Modal while open: a backdrop, focus trapped inside, Escape or a backdrop click close it.
 * Full width on phones, at most `maxWidth` px elsewhere. Counts as an open flyout (toasts move).
 */
export function RightDrawer({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  maxWidth = DRAWER_MAX_WIDTH,
  closeLabel = 'Close',
  testId,
}: RightDrawerProps) {
  useRegisterFlyout(open);
  return (
    <Drawer
      position="fixed"
      placement="end"
      backdrop
      open={open}
      zIndex={1100}
      onClose={({ detail }) => onClose(detail.method)}
      closeAction={{ ariaLabel: closeLabel }}
      header={
        <Header variant="h2" description={description}>
          {title}
        </Header>
      }
      footer={footer ? <div className="rt-drawer-footer">{footer}</div> : undefined}
      data-testid={testId}
      className="rt-right-drawer"
    >
      <div className="rt-drawer-body" style={{ ['--rt-drawer-max' as string]: `${maxWidth}px` }}>
        {open ? children : null}
      </div>
    </Drawer>
  );
}
