import { GraduationCap, Rocket, School, ShieldCheck, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { preloadableLazy } from '../../app/preloadable-lazy';
import { useSession } from '../accounts/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { StatsGrid, TESTIMONIALS } from './marketing';

// The provider cards read the listing through its shared filter schema (zod): loaded beside the page rather than
// before it; the server renders them in place and they hydrate when their chunk arrives.
export const LandingProviders = preloadableLazy(async () => (await import('./landing-providers')).LandingProviders);

const BENEFITS = [
  { icon: Rocket, title: 'Student agency', text: 'Set your own prices and hours, and build something of your own.' },
  { icon: School, title: 'School community', text: 'Work with and for students from schools like yours.' },
  { icon: ShieldCheck, title: 'Safe and verified', text: 'Student profiles are verified through their schools.' },
  { icon: GraduationCap, title: 'Resume building', text: 'Reviews, badges and a portfolio that show what you can do.' },
];

const STEPS = [
  { title: 'Create your profile', text: 'Add a bio, an avatar and your best work.' },
  { title: 'Offer services', text: 'List what you can do, with a fixed or hourly price.' },
  { title: 'Get discovered', text: 'Clients find you by category, price and delivery method.' },
  { title: 'Complete projects', text: 'Agree a price, get paid by card and collect reviews.' },
];

export function LandingPage() {
  const { account } = useSession();
  const location = useLocation();
  const [bannerOpen, setBannerOpen] = useState(true);
  const viaBrand = (location.state as { viaBrand?: boolean } | null)?.viaBrand === true;

  if (account?.isAdmin && !viaBrand) return <Navigate to="/admin-dashboard" replace />;

  return (
    <div className="flex flex-col">
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">Skills by students, for everyone.</h1>
            <p className="mt-4 text-lg text-muted-foreground">
              Offer what you are good at, or find affordable help with your projects from students and young
              entrepreneurs.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button size="lg" asChild>
                <Link to="/offer-skills">Offer a Service</Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to="/request-service">Request a Service</Link>
              </Button>
            </div>
            <div className="mt-4 flex flex-wrap gap-4 text-sm">
              <Link to="/discover-services" className="text-primary hover:underline">
                Discover services
              </Link>
              <Link to="/requests" className="text-primary hover:underline">
                See requested services
              </Link>
              <Link to="/chat-rooms" className="text-primary hover:underline">
                Join chat rooms
              </Link>
            </div>
          </div>
          <Suspense fallback={<div aria-hidden className="hidden md:block" />}>
            <LandingProviders />
          </Suspense>
        </div>
      </section>

      {!account && bannerOpen && (
        <section aria-label="Ready to Get Started" className="mx-auto mt-8 w-full max-w-6xl px-4">
          <div className="relative flex flex-col items-start gap-3 rounded-xl bg-primary p-6 text-primary-foreground md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="text-xl font-bold">Ready to Get Started?</h2>
              <p className="opacity-90">Create your free account and post your first service today.</p>
            </div>
            <Button variant="outline" className="text-foreground" asChild>
              <Link to="/auth?mode=signup">Sign Up</Link>
            </Button>
            <button
              type="button"
              aria-label="Dismiss"
              className="absolute top-2 right-2 rounded p-1 hover:bg-white/20"
              onClick={() => setBannerOpen(false)}
            >
              <X className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </section>
      )}

      <section className="mx-auto w-full max-w-6xl px-4 py-16">
        <h2 className="text-center text-3xl font-bold">Why students choose us</h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <Card key={b.title}>
              <CardHeader>
                <b.icon className="h-8 w-8 text-primary" aria-hidden />
                <CardTitle className="text-lg">{b.title}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{b.text}</CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-3xl font-bold">How it works</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((s, i) => (
              <li key={s.title} className="rounded-xl border bg-background p-6">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto w-full max-w-6xl px-4 py-16">
        <StatsGrid />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="rounded-xl border p-6">
              <blockquote className="italic">“{t.quote}”</blockquote>
              <figcaption className="mt-3 text-sm text-muted-foreground">{t.name}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </div>
  );
}
