import { ExternalLink, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { PORTFOLIO_MESSAGES, type PortfolioItemInput } from '../../../domain/portfolio';
import { whenSucceeded } from '../../lib/mutation-feedback';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDeleteButton } from '../../ui/confirm-delete-button';
import { useCreatePortfolioItem, useDeletePortfolioItem, usePortfolio, useUpdatePortfolioItem } from './api';
import { EMPTY_PORTFOLIO_ITEM, PortfolioForm } from './portfolio-form';
import { usePortfolioDraft } from './use-portfolio-draft';

interface PortfolioItem {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  projectUrl: string | null;
}

const toInput = (item: PortfolioItem): PortfolioItemInput => ({
  title: item.title,
  description: item.description ?? '',
  projectUrl: item.projectUrl ?? '',
  imageUrl: item.imageUrl ?? '',
});

/** A user's portfolio; the owner can add (with a kept draft), edit and delete items. */
export function PortfolioSection({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const portfolio = usePortfolio(userId);
  const draft = usePortfolioDraft();
  const [adding, setAdding] = useState(isOwner && draft.initialDraft !== null);
  const create = useCreatePortfolioItem();

  const add = (values: PortfolioItemInput) =>
    whenSucceeded(create.mutateAsync(values), () => {
      draft.clear();
      setAdding(false);
    });

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Portfolio</CardTitle>
        {isOwner && !adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Item
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {adding && (
          <div className="rounded-lg border p-4">
            <h3 className="mb-3 font-semibold">New portfolio item</h3>
            <PortfolioForm
              initial={draft.initialDraft ?? EMPTY_PORTFOLIO_ITEM}
              submitLabel="Add Item"
              onSubmit={add}
              onChange={draft.save}
              onCancel={() => {
                draft.clear();
                setAdding(false);
              }}
            />
          </div>
        )}
        {portfolio.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading portfolio...
          </p>
        ) : portfolio.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {PORTFOLIO_MESSAGES.loadFailed}
          </p>
        ) : portfolio.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {isOwner ? 'No portfolio items yet. Add your best work to stand out.' : 'No portfolio items yet.'}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {portfolio.data.map((item) => (
              <li key={item.id}>
                <PortfolioItemCard item={item} isOwner={isOwner} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PortfolioItemCard({ item, isOwner }: { item: PortfolioItem; isOwner: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdatePortfolioItem();
  const remove = useDeletePortfolioItem();

  if (editing) {
    return (
      <div className="rounded-lg border p-4">
        <PortfolioForm
          initial={toInput(item)}
          submitLabel="Save Changes"
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            whenSucceeded(update.mutateAsync({ id: item.id, fields: values }), () => setEditing(false))
          }
        />
      </div>
    );
  }

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border" aria-label={item.title}>
      {item.imageUrl ? (
        <img src={item.imageUrl} alt={item.title} className="aspect-video w-full object-cover" loading="lazy" />
      ) : (
        <div
          className="flex aspect-video w-full items-center justify-center bg-muted text-3xl font-bold text-muted-foreground"
          aria-hidden
        >
          {item.title.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold">{item.title}</h3>
        {item.description && <p className="text-sm whitespace-pre-line text-muted-foreground">{item.description}</p>}
        {item.projectUrl && (
          <a
            href={item.projectUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
          >
            View project <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
        )}
        {isOwner && (
          <div className="mt-auto flex gap-2 pt-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${item.title}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <ConfirmDeleteButton
              itemName={item.title}
              title="Delete portfolio item?"
              description={`"${item.title}" will be removed from your portfolio.`}
              onConfirm={() => whenSucceeded(remove.mutateAsync({ id: item.id }))}
            />
          </div>
        )}
      </div>
    </article>
  );
}
