import { SERVICE_CATEGORIES } from '../../domain/categories';
import { toCents } from '../../domain/money';
import type { DeliveryMethod } from '../../domain/services';

type PricingType = 'fixed' | 'hourly';

/**
 * Demo listings: four services per category (60) and two requests for most categories (22+). Each with the price
 * a student would ask for that work (dollars), by the job or by the hour.
 */
const SERVICE_IDEAS: Record<string, [title: string, description: string, price: number, pricing: PricingType][]> = {
  'Web Development': [
    ['Landing page for your club', 'A fast one-page site with your logo, events and a sign-up form.', 120, 'fixed'],
    [
      'Fix bugs in your React app',
      'Send me the repo and the issue; I find it, fix it and explain the fix.',
      25,
      'hourly',
    ],
    [
      'WordPress site set-up',
      'Theme, pages and plugins installed, plus a short guide to edit it yourself.',
      90,
      'fixed',
    ],
    ['Portfolio website', 'A clean personal site to show your projects to colleges and employers.', 150, 'fixed'],
  ],
  Design: [
    ['Logo design sprint', 'Three logo drafts and one round of changes, delivered as PNG and SVG.', 45, 'fixed'],
    ['Event posters', 'Eye-catching posters for school events, sized for print and social media.', 20, 'fixed'],
    ['Slide deck makeover', 'Turn your presentation into a clear, consistent and beautiful deck.', 35, 'fixed'],
    ['Instagram post templates', 'A set of editable templates in your colours for a month of posts.', 30, 'fixed'],
  ],
  Writing: [
    ['Essay proofreading', 'Grammar, flow and structure checked, with comments you can learn from.', 15, 'fixed'],
    ['Blog post writing', 'Researched posts of about 800 words on topics you choose.', 40, 'fixed'],
    ['College application review', 'Feedback on your personal statement from someone who got in.', 30, 'fixed'],
    ['Short story editing', 'Developmental notes and line edits for stories up to 5,000 words.', 25, 'fixed'],
  ],
  'Marketing and Sales': [
    ['Social media management', 'Two weeks of scheduled posts and replies for your small business.', 60, 'fixed'],
    ['Flyer distribution plan', 'Where and when to hand out flyers for the most sign-ups.', 18, 'fixed'],
    [
      'Product descriptions for online shops',
      'Listing titles and descriptions that help your items sell.',
      35,
      'fixed',
    ],
    ['Email newsletter set-up', 'A newsletter template and your first three issues written.', 45, 'fixed'],
  ],
  'Game Development': [
    ['Pixel art sprites', 'Characters and tiles in a consistent pixel style for your game.', 35, 'fixed'],
    ['Unity prototype', 'A playable prototype of your idea in two weeks.', 200, 'fixed'],
    ['Minecraft server set-up', 'A configured server with plugins and a spawn build.', 40, 'fixed'],
    ['Playtesting with notes', 'I play your game for three hours and write up what to improve.', 15, 'hourly'],
  ],
  Tutoring: [
    ['Algebra tutoring', 'Patient one-to-one help with equations, graphs and word problems.', 18, 'hourly'],
    ['SAT maths preparation', 'Timed practice and the strategies that raised my own score.', 25, 'hourly'],
    ['Chemistry homework help', 'Stoichiometry, moles and lab reports explained step by step.', 15, 'hourly'],
    ['Python for beginners', 'Learn to code by building small games in weekly sessions.', 20, 'hourly'],
  ],
  Photography: [
    ['Graduation portraits', 'An hour-long outdoor shoot with 20 edited photos.', 75, 'fixed'],
    ['Event photography', 'Candid photos of your school or club event, delivered in two days.', 30, 'hourly'],
    ['Photo editing', 'Colour correction and retouching for up to 30 photos.', 25, 'fixed'],
    ['Headshots for LinkedIn', 'Professional-looking headshots with a simple backdrop.', 40, 'fixed'],
  ],
  Music: [
    ['Guitar lessons', 'Chords, strumming and your favourite songs for beginners.', 20, 'hourly'],
    ['Beat making', 'Custom beats for your tracks, with stems included.', 50, 'fixed'],
    ['Piano accompaniment', 'Accompaniment for auditions, recitals and rehearsals.', 25, 'hourly'],
    ['Mixing and mastering', 'Your recordings balanced and ready for streaming.', 65, 'fixed'],
  ],
  Language: [
    ['Spanish conversation practice', 'Relaxed weekly conversations to build confidence.', 14, 'hourly'],
    ['French homework help', 'Grammar, vocabulary and essays for high school French.', 15, 'hourly'],
    ['Translation English to Mandarin', 'Accurate translation of short documents and menus.', 20, 'fixed'],
    ['ESL reading club', 'Read and discuss short texts together in simple English.', 8, 'hourly'],
  ],
  Health: [
    ['Beginner running plan', 'A six-week plan from zero to 5 km, with check-ins.', 25, 'fixed'],
    ['Home workout coaching', 'Bodyweight routines you can do in a small room.', 15, 'hourly'],
    ['Healthy meal prep ideas', 'A week of cheap, simple recipes for students.', 12, 'fixed'],
    ['Yoga for stress', 'Gentle sessions to wind down before exams.', 10, 'hourly'],
  ],
  Fashion: [
    ['Clothing alterations', 'Hems, waists and sleeves adjusted to fit you.', 12, 'fixed'],
    ['Personal styling', 'Outfits put together from what you already own.', 35, 'fixed'],
    ['Custom embroidered patches', 'Your design embroidered on patches for jackets and bags.', 9, 'fixed'],
    ['Thrift flip', 'Old clothes redesigned into something new.', 28, 'fixed'],
  ],
  Business: [
    ['Business plan review', 'Feedback on your plan and numbers before you pitch.', 40, 'fixed'],
    ['Spreadsheet automation', 'Formulas and scripts that save you hours each week.', 22, 'hourly'],
    ['Market research', 'A short report on competitors and prices in your area.', 60, 'fixed'],
    ['Pitch deck help', 'A clear ten-slide story for your startup idea.', 50, 'fixed'],
  ],
  Arts: [
    ['Pet portraits', 'Hand-drawn portraits of your pet from a photo.', 35, 'fixed'],
    ['Mural design', 'Sketches and colour plans for school murals.', 110, 'fixed'],
    ['Custom greeting cards', 'Illustrated cards for birthdays and holidays.', 6, 'fixed'],
    ['Watercolour lessons', 'Learn washes, layering and simple landscapes.', 16, 'hourly'],
  ],
  'Engineering and CAD': [
    ['3D printing service', 'Your models printed in PLA with a smooth finish.', 15, 'fixed'],
    ['CAD modelling', 'Parts and assemblies modelled from your sketches.', 30, 'hourly'],
    ['Arduino project help', 'Wiring and code for your robotics or science project.', 20, 'hourly'],
    ['Science fair mentoring', 'From question to display board, one step at a time.', 45, 'fixed'],
  ],
  Other: [
    ['Study planner set-up', 'A realistic schedule for exam season that you can keep.', 10, 'fixed'],
    ['Tech help for grandparents', 'Friendly help with phones, email and video calls.', 12, 'hourly'],
    ['Dog walking', 'Weekday walks around the neighbourhood.', 10, 'hourly'],
    ['Event planning help', 'Checklists, budgets and suppliers for your party or fundraiser.', 35, 'fixed'],
  ],
};

const REQUEST_IDEAS: [string, string, string, number | null][] = [
  ['Web Development', 'Website for our robotics team', 'We need a simple site with team members and sponsors.', 150],
  ['Web Development', 'Fix our online store checkout', 'Customers cannot pay on mobile; need someone to find why.', 80],
  ['Design', 'Logo for a bake sale', 'Something cute and simple for signs and stickers.', 20],
  ['Design', 'Yearbook cover ideas', 'Looking for three cover concepts.', null],
  ['Writing', 'Proofread my history essay', '2,000 words due Monday.', 15],
  ['Writing', 'Speech for student council', 'Help writing a short, confident campaign speech.', 25],
  ['Marketing and Sales', 'Promote our charity run', 'Posts and a flyer to get more runners.', 40],
  ['Game Development', 'Sprites for a platformer', 'About 10 character sprites with walk cycles.', 60],
  ['Tutoring', 'Calculus help before finals', 'Two sessions on integrals and limits.', 30],
  ['Tutoring', 'Physics lab report help', 'Understand error analysis for my report.', 20],
  ['Tutoring', 'Reading practice for my brother', 'Weekly reading sessions for a 9-year-old.', 12],
  ['Photography', 'Photos of our band', 'A few promo shots for our first gig.', 50],
  ['Music', 'Learn ukulele basics', 'Total beginner, want to play two songs.', 15],
  ['Language', 'German conversation partner', 'Practise before my exchange trip.', 10],
  ['Health', 'Training plan for tryouts', 'Basketball tryouts in six weeks.', null],
  ['Fashion', 'Prom dress alteration', 'Shorten and take in at the waist.', 35],
  ['Business', 'Spreadsheet for my lawn business', 'Track jobs, hours and payments.', 25],
  ['Arts', 'Mural for the cafeteria', 'Design ideas for a large wall.', 200],
  ['Engineering and CAD', 'Model a phone stand', 'Printable stand with adjustable angle.', 20],
  ['Engineering and CAD', 'Help wiring sensors', 'Arduino with two ultrasonic sensors.', 30],
  ['Other', 'Help moving dorm rooms', 'Carry boxes on Saturday morning.', 25],
  ['Other', 'Plan a surprise party', 'Need ideas and a checklist.', null],
];

const CITIES: [number, number][] = [
  [40.7128, -74.006],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [29.7604, -95.3698],
  [47.6062, -122.3321],
];

/** Work done face to face (or either way); everything else is delivered online. */
const MET_IN_PERSON: Record<string, 'in-person' | 'both'> = {
  'Flyer distribution plan': 'both',
  'Algebra tutoring': 'both',
  'Graduation portraits': 'in-person',
  'Event photography': 'in-person',
  'Headshots for LinkedIn': 'in-person',
  'Guitar lessons': 'both',
  'Piano accompaniment': 'in-person',
  'Home workout coaching': 'both',
  'Yoga for stress': 'both',
  'Clothing alterations': 'in-person',
  'Personal styling': 'both',
  'Thrift flip': 'both',
  'Mural design': 'both',
  '3D printing service': 'both',
  'Arduino project help': 'both',
  'Tech help for grandparents': 'in-person',
  'Dog walking': 'in-person',
  'Event planning help': 'both',
};

/** How long ago the newest demo service was listed. */
const LISTED_DAYS_AGO = 30;

/**
 * The 60 demo services, each offered by the demo provider whose bio says they do that work (`providerOf` gives the
 * owner of a category's services).
 */
export function demoServices(providerOf: (categoryName: string) => string) {
  const rows = [];
  let i = 0;
  for (const [categoryIndex, category] of SERVICE_CATEGORIES.entries()) {
    for (const [ideaIndex, [title, description, price, pricingType]] of (
      SERVICE_IDEAS[category.name] ?? []
    ).entries()) {
      const delivery: DeliveryMethod = MET_IN_PERSON[title] ?? 'virtual';
      const [latitude, longitude] = CITIES[i % CITIES.length]!;
      rows.push({
        userId: providerOf(category.name),
        title,
        description,
        categoryId: category.id,
        priceCents: toCents(price),
        pricingType,
        deliveryMethod: delivery,
        serviceLocation: delivery === 'virtual' ? null : { latitude, longitude, radius: 5 + (i % 10) },
        // Newest first interleaves the categories, so the first page shows the whole marketplace.
        // Listed a month ago and before, in this order: before the finished jobs their reviews tell of.
        createdAt: new Date(
          Date.now() -
            LISTED_DAYS_AGO * 86_400_000 -
            (ideaIndex * SERVICE_CATEGORIES.length + categoryIndex) * 3_600_000,
        ),
      });
      i += 1;
    }
  }
  return rows;
}

export function demoRequests(ownerIds: string[]) {
  return REQUEST_IDEAS.map(([categoryName, title, description, budget], i) => ({
    userId: ownerIds[(i + 1) % ownerIds.length]!,
    title,
    description,
    serviceCategoryId: SERVICE_CATEGORIES.find((c) => c.name === categoryName)!.id,
    budgetCents: budget === null ? null : budget * 100,
    pricingType: i % 5 === 0 ? ('hourly' as const) : ('fixed' as const),
    createdAt: new Date(Date.now() - i * 5_400_000),
  }));
}
