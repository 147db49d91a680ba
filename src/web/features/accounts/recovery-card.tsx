import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../ui/card';
import { PageContainer } from '../../ui/page';

/** The card the recovery pages share with /auth: one heading, a line saying what to do, the form. */
export function RecoveryCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <Card className="mx-auto w-full max-w-lg">
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </PageContainer>
  );
}
