import { useParams } from 'react-router';
import { PageContainer } from '../ui/page';

/**
 * A route whose feature arrives with a later issue: its title and what the page is for, so every route of the
 * spec's table is mounted and reachable today.
 */
export function PlannedPage({ title, description }: { title: string; description: string }) {
  const params = useParams();
  return (
    <PageContainer width="narrow">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">
        {description.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '')}
      </p>
    </PageContainer>
  );
}
