import { PageContainer } from '../../ui/page';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';

export interface StaticSection {
  heading: string;
  body: ReactNode;
}

export interface StaticPageContent {
  title: string;
  intro: string;
  updated?: string;
  sections: StaticSection[];
  action?: { to: string; label: string };
}

/** One layout for the information pages linked from the footer (spec 3 section 2). */
export function StaticPage({ title, intro, updated, sections, action }: StaticPageContent) {
  return (
    <PageContainer width="narrow">
      <article className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold">{title}</h1>
          {updated && <p className="text-sm text-muted-foreground">Last updated: {updated}</p>}
          <p className="text-lg text-muted-foreground" data-page-intro>
            {intro}
          </p>
        </header>
        {sections.map((s) => (
          <section key={s.heading} className="flex flex-col gap-2">
            <h2 className="text-xl font-semibold">{s.heading}</h2>
            <div className="flex flex-col gap-2 leading-relaxed [&_li]:ml-5 [&_ul]:list-disc">{s.body}</div>
          </section>
        ))}
        {action && (
          <Button className="self-start" asChild>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        )}
      </article>
    </PageContainer>
  );
}
