import { SERVICE_CATEGORIES } from '../../domain/categories';

/** Demo listings: four services per category (60) and two requests for most categories (22+). */
const SERVICE_IDEAS: Record<string, [string, string][]> = {
  'Web Development': [
    ['Landing page for your club', 'A fast one-page site with your logo, events and a sign-up form.'],
    ['Fix bugs in your React app', 'Send me the repo and the issue; I find it, fix it and explain the fix.'],
    ['WordPress site set-up', 'Theme, pages and plugins installed, plus a short guide to edit it yourself.'],
    ['Portfolio website', 'A clean personal site to show your projects to colleges and employers.'],
  ],
  Design: [
    ['Logo design sprint', 'Three logo drafts and one round of changes, delivered as PNG and SVG.'],
    ['Event posters', 'Eye-catching posters for school events, sized for print and social media.'],
    ['Slide deck makeover', 'Turn your presentation into a clear, consistent and beautiful deck.'],
    ['Instagram post templates', 'A set of editable templates in your colours for a month of posts.'],
  ],
  Writing: [
    ['Essay proofreading', 'Grammar, flow and structure checked, with comments you can learn from.'],
    ['Blog post writing', 'Researched posts of about 800 words on topics you choose.'],
    ['College application review', 'Feedback on your personal statement from someone who got in.'],
    ['Short story editing', 'Developmental notes and line edits for stories up to 5,000 words.'],
  ],
  'Marketing and Sales': [
    ['Social media management', 'Two weeks of scheduled posts and replies for your small business.'],
    ['Flyer distribution plan', 'Where and when to hand out flyers for the most sign-ups.'],
    ['Product photos for online shops', 'Listing photos and descriptions that help your items sell.'],
    ['Email newsletter set-up', 'A newsletter template and your first three issues written.'],
  ],
  'Game Development': [
    ['Pixel art sprites', 'Characters and tiles in a consistent pixel style for your game.'],
    ['Unity prototype', 'A playable prototype of your idea in two weeks.'],
    ['Minecraft server set-up', 'A configured server with plugins and a spawn build.'],
    ['Playtesting with notes', 'I play your game for three hours and write up what to improve.'],
  ],
  Tutoring: [
    ['Algebra tutoring', 'Patient one-to-one help with equations, graphs and word problems.'],
    ['SAT maths preparation', 'Timed practice and the strategies that raised my own score.'],
    ['Chemistry homework help', 'Stoichiometry, moles and lab reports explained step by step.'],
    ['Python for beginners', 'Learn to code by building small games in weekly sessions.'],
  ],
  Photography: [
    ['Graduation portraits', 'An hour-long outdoor shoot with 20 edited photos.'],
    ['Event photography', 'Candid photos of your school or club event, delivered in two days.'],
    ['Photo editing', 'Colour correction and retouching for up to 30 photos.'],
    ['Headshots for LinkedIn', 'Professional-looking headshots with a simple backdrop.'],
  ],
  Music: [
    ['Guitar lessons', 'Chords, strumming and your favourite songs for beginners.'],
    ['Beat making', 'Custom beats for your tracks, with stems included.'],
    ['Piano accompaniment', 'Accompaniment for auditions, recitals and rehearsals.'],
    ['Mixing and mastering', 'Your recordings balanced and ready for streaming.'],
  ],
  Language: [
    ['Spanish conversation practice', 'Relaxed weekly conversations to build confidence.'],
    ['French homework help', 'Grammar, vocabulary and essays for high school French.'],
    ['Translation English to Mandarin', 'Accurate translation of short documents and menus.'],
    ['ESL reading club', 'Read and discuss short texts together in simple English.'],
  ],
  Health: [
    ['Beginner running plan', 'A six-week plan from zero to 5 km, with check-ins.'],
    ['Home workout coaching', 'Bodyweight routines you can do in a small room.'],
    ['Healthy meal prep ideas', 'A week of cheap, simple recipes for students.'],
    ['Yoga for stress', 'Gentle sessions to wind down before exams.'],
  ],
  Fashion: [
    ['Clothing alterations', 'Hems, waists and sleeves adjusted to fit you.'],
    ['Personal styling', 'Outfits put together from what you already own.'],
    ['Custom embroidered patches', 'Your design embroidered on patches for jackets and bags.'],
    ['Thrift flip', 'Old clothes redesigned into something new.'],
  ],
  Business: [
    ['Business plan review', 'Feedback on your plan and numbers before you pitch.'],
    ['Spreadsheet automation', 'Formulas and scripts that save you hours each week.'],
    ['Market research', 'A short report on competitors and prices in your area.'],
    ['Pitch deck help', 'A clear ten-slide story for your startup idea.'],
  ],
  Arts: [
    ['Pet portraits', 'Hand-drawn portraits of your pet from a photo.'],
    ['Mural design', 'Sketches and colour plans for school murals.'],
    ['Custom greeting cards', 'Illustrated cards for birthdays and holidays.'],
    ['Watercolour lessons', 'Learn washes, layering and simple landscapes.'],
  ],
  'Engineering and CAD': [
    ['3D printing service', 'Your models printed in PLA with a smooth finish.'],
    ['CAD modelling', 'Parts and assemblies modelled from your sketches.'],
    ['Arduino project help', 'Wiring and code for your robotics or science project.'],
    ['Science fair mentoring', 'From question to display board, one step at a time.'],
  ],
  Other: [
    ['Study planner set-up', 'A realistic schedule for exam season that you can keep.'],
    ['Tech help for grandparents', 'Friendly help with phones, email and video calls.'],
    ['Dog walking', 'Weekday walks around the neighbourhood.'],
    ['Event planning help', 'Checklists, budgets and suppliers for your party or fundraiser.'],
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

export function demoServices(ownerIds: string[]) {
  const rows = [];
  let i = 0;
  for (const [categoryIndex, category] of SERVICE_CATEGORIES.entries()) {
    for (const [ideaIndex, [title, description]] of (SERVICE_IDEAS[category.name] ?? []).entries()) {
      const delivery = (['virtual', 'in-person', 'both'] as const)[i % 3]!;
      const [latitude, longitude] = CITIES[i % CITIES.length]!;
      rows.push({
        userId: ownerIds[i % ownerIds.length]!,
        title,
        description,
        categoryId: category.id,
        priceCents: [1500, 2500, 4000, 7500, 12000][i % 5]!,
        pricingType: i % 4 === 0 ? ('hourly' as const) : ('fixed' as const),
        deliveryMethod: delivery,
        serviceLocation: delivery === 'virtual' ? null : { latitude, longitude, radius: 5 + (i % 10) },
        // Newest first interleaves the categories, so the first page shows the whole marketplace.
        createdAt: new Date(Date.now() - (ideaIndex * SERVICE_CATEGORIES.length + categoryIndex) * 3_600_000),
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
