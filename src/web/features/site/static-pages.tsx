import { Link } from 'react-router';
import { PLATFORM_FEE_RATE } from '../../../domain/payments';
import { ADULT_AGE } from '../../../domain/payouts';
import { AUTO_CONFIRM_DAYS, DISPUTE_WINDOW_DAYS } from '../../../domain/deal';
import { StatsGrid, TESTIMONIALS } from './marketing';
import { StaticPage, type StaticPageContent } from './static-page';

/**
 * The information pages of spec 3 section 2. Their wording is ours; the claims the spec names (24-hour safety
 * reviews, a 48-hour reply guideline, the 30-day dispute window, sample figures) and every rule they describe come
 * from the same constants the product enforces.
 */
const FEE = `${Math.round(PLATFORM_FEE_RATE * 100)}%`;
const SAFETY_REVIEW_HOURS = 24;
const REPLY_HOURS = 48;

const internal = (to: string, label: string) => (
  <Link to={to} className="text-primary underline underline-offset-2">
    {label}
  </Link>
);

const PAGES = {
  howToStart: {
    title: 'How to Start',
    intro: 'Turn what you are good at into paid work in four steps.',
    sections: [
      {
        heading: '1. Create your profile',
        body: (
          <p>Add your name, school, a short bio and an avatar. A portfolio of your best work helps clients choose.</p>
        ),
      },
      {
        heading: '2. Offer a service',
        body: (
          <p>
            Describe what you do, pick a category, set a fixed or hourly price and say whether you work online, in
            person or both. In-person services show the area you cover on a map.
          </p>
        ),
      },
      {
        heading: '3. Set up payouts',
        body: (
          <p>
            Payments reach you through a payout account, set up from {internal('/my-profile', 'My Profile')}. If you are
            under {ADULT_AGE}, a parent or guardian sets it up with you.
          </p>
        ),
      },
      {
        heading: '4. Agree, deliver, get paid',
        body: (
          <p>
            Clients request your service and chat with you to agree a price. They pay up front; once you mark the work
            complete and they confirm it (or {AUTO_CONFIRM_DAYS} days pass without a dispute), your share, the price
            less the {FEE} platform fee, is sent to your payout account.
          </p>
        ),
      },
    ],
    action: { to: '/offer-skills', label: 'Offer a Service' },
  },
  howToHire: {
    title: 'How to Hire',
    intro: 'Find a student for your project, agree a price and pay safely.',
    sections: [
      {
        heading: 'Find someone',
        body: (
          <p>
            Browse {internal('/discover-services', 'services')} by category, price and delivery method, or{' '}
            {internal('/request-service', 'post a request')} and let students send you offers.
          </p>
        ),
      },
      {
        heading: 'Agree a price in the chat',
        body: (
          <p>
            Press Request to open a conversation. Either of you can propose a price; nothing is charged until you accept
            one and pay.
          </p>
        ),
      },
      {
        heading: 'Your payment is held until you are happy',
        body: (
          <ul>
            <li>You pay by card; the money is held by the platform, not sent to the student straight away.</li>
            <li>Before the work starts you can cancel for a full refund.</li>
            <li>
              When the student marks the work complete, confirm it, or open a dispute within {DISPUTE_WINDOW_DAYS} days
              of paying. Without either, it is confirmed after {AUTO_CONFIRM_DAYS} days.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Leave a review',
        body: <p>Reviews from paid, completed work are marked verified and help the next client choose.</p>,
      },
    ],
    action: { to: '/discover-services', label: 'Discover Services' },
  },
  successStories: {
    title: 'Success Stories',
    intro: 'Students and the people who hired them, in their own words.',
    sections: [
      {
        heading: 'What they say',
        body: (
          <ul className="!list-none !ml-0 flex flex-col gap-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name} className="!ml-0">
                <blockquote className="border-l-4 border-primary pl-4 italic">“{t.quote}”</blockquote>
                <p className="pl-5 text-sm text-muted-foreground">{t.name}</p>
              </li>
            ))}
          </ul>
        ),
      },
      {
        heading: 'In numbers',
        body: <StatsGrid />,
      },
    ],
    action: { to: '/offer-skills', label: 'Offer a Service' },
  },
  safety: {
    title: 'Safety Guidelines',
    updated: 'May 2025',
    intro: 'How to stay safe when you offer or hire a service.',
    sections: [
      {
        heading: 'Keep it on the platform',
        body: (
          <ul>
            <li>Chat and pay here: payments outside the platform are not held, refundable or protected.</li>
            <li>Never share passwords, bank details or your home address in a chat.</li>
            <li>
              Reply within {REPLY_HOURS} hours, or say when you will; silence is the most common cause of disputes.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Meeting in person',
        body: (
          <ul>
            <li>
              Meet in a public place, tell a parent, guardian or friend where you are going, and bring your phone.
            </li>
            <li>Students under {ADULT_AGE} should agree in-person work with a parent or guardian first.</li>
          </ul>
        ),
      },
      {
        heading: 'When something goes wrong',
        body: (
          <p>
            Clients can open a dispute from the conversation within {DISPUTE_WINDOW_DAYS} days of paying; the payout is
            frozen until an admin decides. Reports of unsafe behaviour are reviewed within {SAFETY_REVIEW_HOURS} hours.
            If anyone is in danger, call your local emergency number first.
          </p>
        ),
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: 'The rules for using SkillNest. By creating an account you agree to them.',
    sections: [
      {
        heading: 'Accounts',
        body: (
          <p>
            Give accurate details, including your date of birth. Users under {ADULT_AGE} may offer services, but payouts
            go to an account set up with a parent or guardian. You are responsible for activity on your account.
          </p>
        ),
      },
      {
        heading: 'Services and payments',
        body: (
          <ul>
            <li>Providers describe their services honestly and deliver what was agreed in the conversation.</li>
            <li>
              Clients pay the agreed price by card. The platform keeps a {FEE} fee; the rest is paid to the provider
              once the work is accepted.
            </li>
            <li>
              Clients may cancel for a full refund before work starts and may dispute within {DISPUTE_WINDOW_DAYS} days
              of paying; an admin's decision on a dispute (release, full or partial refund) is final on the platform.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Conduct',
        body: (
          <p>
            No harassment, discrimination, academic dishonesty (such as doing someone's graded work), illegal services
            or attempts to move payments off the platform. We may remove content and suspend accounts that break these
            rules.
          </p>
        ),
      },
      {
        heading: 'Taxes',
        body: (
          <p>You are responsible for any taxes on what you earn. See the {internal('/help/tax-faq', 'Tax FAQ')}.</p>
        ),
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'What we collect, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        body: (
          <ul>
            <li>Your account: name, email, date of birth, school and what you add to your profile.</li>
            <li>What you do here: services, requests, conversations, reviews and payments.</li>
            <li>Card details go straight to our payment provider, Stripe; we never see or store your card number.</li>
          </ul>
        ),
      },
      {
        heading: 'Why',
        body: (
          <p>
            To run the marketplace: show your profile and services, deliver messages, take payments and pay providers,
            and keep the community safe. We do not sell your data.
          </p>
        ),
      },
      {
        heading: 'Your choices',
        body: (
          <p>
            Edit your profile at any time. Delete your account from {internal('/settings', 'Settings')}: your profile,
            services and files are removed; conversations you took part in stay for the other person, showing Unknown
            User.
          </p>
        ),
      },
    ],
  },
  taxFaq: {
    title: 'Tax FAQ',
    intro: 'Common questions about taxes on what you earn. This is general information, not tax advice.',
    sections: [
      {
        heading: 'Do I have to pay tax on what I earn here?',
        body: (
          <p>
            Possibly. Income from services is usually taxable, though many students earn less than the amount at which
            tax or a return is due. The rules depend on where you live; check with a parent, guardian or tax adviser.
          </p>
        ),
      },
      {
        heading: 'What counts as my income?',
        body: (
          <p>
            What is paid out to you: the agreed price less the {FEE} platform fee, and less any refund to the client.
            The payment history in each conversation shows the price, the fee and your payout.
          </p>
        ),
      },
      {
        heading: 'I am under 18. Who is responsible?',
        body: (
          <p>
            Your payout account is set up with a parent or guardian, who should help you keep records. You are still the
            one who earned the money.
          </p>
        ),
      },
      {
        heading: 'Will I get a tax form?',
        body: (
          <p>
            Our payment provider, Stripe, may send a form for your payout account when it is required by law (for
            example Form 1099-K in the United States above the reporting threshold).
          </p>
        ),
      },
    ],
  },
} satisfies Record<string, StaticPageContent>;

export const HowToStartPage = () => <StaticPage {...PAGES.howToStart} />;
export const HowToHirePage = () => <StaticPage {...PAGES.howToHire} />;
export const SuccessStoriesPage = () => <StaticPage {...PAGES.successStories} />;
export const SafetyGuidelinesPage = () => <StaticPage {...PAGES.safety} />;
export const TermsOfServicePage = () => <StaticPage {...PAGES.terms} />;
export const PrivacyPolicyPage = () => <StaticPage {...PAGES.privacy} />;
export const TaxFaqPage = () => <StaticPage {...PAGES.taxFaq} />;
