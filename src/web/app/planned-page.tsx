import { useParams } from 'react-router';

/**
 * A route whose feature arrives with a later issue: its title and what the page is for, so every route of the
 * spec's table is mounted and reachable today.
 */
export function PlannedPage({ title, description }: { title: string; description: string }) {
  const params = useParams();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">
        {description.replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? '')}
      </p>
    </div>
  );
}
