import { Tabs as TabsPrimitive } from 'radix-ui';

/** Radix tabs (arrow keys move between tabs, panels are labelled by their tab) with the app's underline style. */
export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

export function TabsList({ label, tabs }: { label: string; tabs: readonly { value: string; label: string }[] }) {
  return (
    <TabsPrimitive.List className="flex flex-wrap gap-1 border-b" aria-label={label}>
      {tabs.map((t) => (
        <TabsPrimitive.Trigger
          key={t.value}
          value={t.value}
          className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-primary"
        >
          {t.label}
        </TabsPrimitive.Trigger>
      ))}
    </TabsPrimitive.List>
  );
}
