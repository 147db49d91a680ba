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
    // The page width every page has, its text in a readable column from the same left edge (ui/page.tsx).
    <article className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-12 [&>*]:max-w-3xl">
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
  );
}
