import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import TextContent from '@cloudscape-design/components/text-content';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** A long-form text page (help, terms, privacy). */
export function InfoPage({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  useDocumentTitle(title);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
      maxContentWidth={880}
    >
      <Container data-testid={testId}>
        <div className="rt-prose">
          <TextContent>{children}</TextContent>
        </div>
      </Container>
    </ContentLayout>
  );
}

export const CONTACT_EMAIL = 'support@rent.today';
export const LEGAL_UPDATED = 'June 1, 2025';
