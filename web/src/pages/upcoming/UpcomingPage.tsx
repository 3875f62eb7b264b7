import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export interface UpcomingPageProps {
  title: string;
  description: string;
  emptyTitle: string;
  emptyText: ReactNode;
  action?: ReactNode;
  /** What the page will hold, as a short list. */
  willShow: string[];
  testId: string;
}

/**
 * An area whose data does not exist yet: a real page header and an honest empty state that
 * says what will appear here, with a way to the part of the product that works today.
 */
export function UpcomingPage({
  title,
  description,
  emptyTitle,
  emptyText,
  action,
  willShow,
  testId,
}: UpcomingPageProps) {
  useDocumentTitle(title);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container data-testid={testId}>
          <EmptyState title={emptyTitle} action={action}>
            {emptyText}
          </EmptyState>
        </Container>
        <Container header={<Header variant="h2">What you will find here</Header>}>
          <Box variant="p" margin="n">
            <ul className="rt-plain-list">
              {willShow.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Box>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
