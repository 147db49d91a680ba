import { Link } from 'react-router';
import { NewsletterForm } from './newsletter-form';
import { ShareButtons } from './share-buttons';

const LINKS = [
  { to: '/how-to-start', label: 'How to Start' },
  { to: '/how-to-hire', label: 'How to Hire' },
  { to: '/success-stories', label: 'Success Stories' },
  { to: '/safety-guidelines', label: 'Safety Guidelines' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/help/tax-faq', label: 'Tax FAQ' },
];

export function Footer() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm text-muted-foreground">
        <div className="flex flex-col justify-between gap-6 text-foreground md:flex-row md:items-end">
          <NewsletterForm />
          <ShareButtons />
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-foreground hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} SkillNest. All rights reserved.</p>
      </div>
    </footer>
  );
}
