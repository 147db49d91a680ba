/** Marketing copy shared by the landing page and Success Stories: sample testimonials and claimed figures. */
export const TESTIMONIALS = [
  { quote: 'I paid for my first laptop by tutoring maths after school.', name: 'Maya, 17' },
  { quote: 'Found a designer for our club logo in an afternoon.', name: 'Jordan, club president' },
  { quote: 'The reviews I earned here helped me land my internship.', name: 'Sam, 19' },
];

const STATS = [
  { value: '10,000+', label: 'students' },
  { value: '500+', label: 'schools' },
  { value: '45,000+', label: 'services' },
  { value: '4.8/5', label: 'rating' },
];

/** The claimed figures, label over value. */
export function StatsGrid() {
  return (
    <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
      {STATS.map((s) => (
        <div key={s.label}>
          <dt className="text-sm text-muted-foreground">{s.label}</dt>
          <dd className="text-3xl font-extrabold text-primary">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
