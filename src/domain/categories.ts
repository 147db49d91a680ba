/**
 * The 15 fixed service categories of spec 2 section 3, in display order. Ids are fixed so that links such as
 * /category/{id} stay valid across installs; the server upserts these rows at every start.
 */
export interface ServiceCategory {
  id: string;
  name: string;
  description: string;
  /** Tailwind-independent hex colour for tiles and icons. */
  color: string;
  /** A lucide icon name. */
  icon: string;
  displayOrder: number;
}

const definitions: Omit<ServiceCategory, 'displayOrder'>[] = [
  {
    id: '58d0deff-1d61-40c2-bbb4-d95b3ccc3aef',
    name: 'Web Development',
    color: '#2563eb',
    icon: 'code',
    description: 'Websites, web apps, landing pages and fixes to the ones you already have.',
  },
  {
    id: '7b79913e-201d-4a6c-9e92-e50a3495d15e',
    name: 'Design',
    color: '#db2777',
    icon: 'palette',
    description: 'Logos, posters, social graphics, UI mock-ups and brand kits.',
  },
  {
    id: '685c21a4-6d5b-455e-99a3-93cb5ca89ce3',
    name: 'Writing',
    color: '#7c3aed',
    icon: 'pen-line',
    description: 'Essays proofread, blog posts, copywriting, scripts and editing.',
  },
  {
    id: 'ef1dfac7-2c81-4943-a9d2-d150c78519d2',
    name: 'Marketing and Sales',
    color: '#ea580c',
    icon: 'megaphone',
    description: 'Social media management, campaigns, outreach and sales support.',
  },
  {
    id: 'c8ad7998-a9d5-4201-817c-86f2f3ebd5b3',
    name: 'Game Development',
    color: '#16a34a',
    icon: 'gamepad-2',
    description: 'Game prototypes, levels, mods, sprites and playtesting.',
  },
  {
    id: 'b709c155-5173-4c1d-9295-cd388407d1af',
    name: 'Tutoring',
    color: '#0891b2',
    icon: 'graduation-cap',
    description: 'Homework help, exam preparation and one-to-one lessons in any subject.',
  },
  {
    id: '5778979d-d315-450b-8448-0e3f0617ac3e',
    name: 'Photography',
    color: '#4b5563',
    icon: 'camera',
    description: 'Portraits, events, product shots and photo editing.',
  },
  {
    id: '89193ec0-bc67-4122-b53f-2741a2775532',
    name: 'Music',
    color: '#c026d3',
    icon: 'music',
    description: 'Lessons, beats, mixing, jingles and live performance.',
  },
  {
    id: '6eef0d03-939b-4242-ba2a-c9f8822a8f27',
    name: 'Language',
    color: '#0d9488',
    icon: 'languages',
    description: 'Translation, conversation practice and language lessons.',
  },
  {
    id: 'c57bb4d5-83a7-4908-938f-86437d24c470',
    name: 'Health',
    color: '#dc2626',
    icon: 'heart-pulse',
    description: 'Fitness coaching, training plans and healthy-habit support.',
  },
  {
    id: '1cd15413-9fdf-4170-b2df-dcd60867a952',
    name: 'Fashion',
    color: '#e11d48',
    icon: 'shirt',
    description: 'Styling, alterations, custom clothing and accessories.',
  },
  {
    id: 'aaec348c-ee55-4043-9313-daa065cf55a3',
    name: 'Business',
    color: '#1d4ed8',
    icon: 'briefcase',
    description: 'Business plans, spreadsheets, research and admin help.',
  },
  {
    id: '92500ec2-6a72-4a70-b5d3-a0f26f216607',
    name: 'Arts',
    color: '#f59e0b',
    icon: 'brush',
    description: 'Illustration, painting, crafts and commissions.',
  },
  {
    id: '6525d1ba-af37-4a69-b4bc-8fcd4d58f211',
    name: 'Engineering and CAD',
    color: '#475569',
    icon: 'drafting-compass',
    description: '3D models, CAD drawings, electronics and robotics projects.',
  },
  {
    id: 'fb10c59b-1146-448f-9f8c-239c92860ae5',
    name: 'Other',
    color: '#6b7280',
    icon: 'sparkles',
    description: 'Everything else students can help with.',
  },
];

export const SERVICE_CATEGORIES: readonly ServiceCategory[] = definitions.map((c, i) => ({
  ...c,
  displayOrder: i + 1,
}));

export const UNCATEGORIZED = 'Uncategorized';

/** Category tiles per row by viewport width (spec 2, Discovery); two rows show before "Show All". */
export function tilesPerRow(viewportWidth: number): number {
  if (viewportWidth >= 1536) return 12;
  if (viewportWidth >= 1280) return 10;
  if (viewportWidth >= 1024) return 8;
  if (viewportWidth >= 768) return 6;
  return 5;
}

const categoryIds = new Set(SERVICE_CATEGORIES.map((c) => c.id));

/** The categories are fixed: an id outside them is refused by the schema, never left to a foreign key. */
export function isServiceCategoryId(id: string): boolean {
  return categoryIds.has(id);
}
