import { School } from 'lucide-react';
import { LocalDate } from '../../ui/local-date';
import { Link } from 'react-router';
import type { ProviderRating } from '../../../domain/provider-rating';
import { displayName } from '../../../domain/user-summary';
import { UserAvatar } from '../../ui/user-avatar';
import { RatingBadge } from '../reviews/rating-badge';
import { VerifiedStudentMark } from '../schools/verified-marks';

export interface ServiceProvider extends ProviderRating {
  userId: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerAvatarUrl: string | null;
  ownerIsAdmin: boolean;
  ownerVerifiedSchool: string | null;
  ownerSchool: string | null;
  ownerBio: string | null;
  ownerMemberSince: string | Date | null;
}

/**
 * Who offers a service, on its page: the public profile's fields only (name, picture, school, bio, member since)
 * and their rating. Never email, date of birth or location: many providers are minors.
 */
export function ProviderSummary({ provider }: { provider: ServiceProvider }) {
  const name = displayName({ firstName: provider.ownerFirstName, lastName: provider.ownerLastName });
  return (
    <section aria-labelledby="service-provider" className="flex flex-col gap-3" data-testid="provider-summary">
      <div className="flex items-center gap-3">
        <UserAvatar
          userId={provider.userId}
          firstName={provider.ownerFirstName}
          lastName={provider.ownerLastName}
          avatarUrl={provider.ownerAvatarUrl}
          isAdmin={provider.ownerIsAdmin}
          size="lg"
          showPresence
        />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-sm text-muted-foreground">Offered by</p>
          <h2 id="service-provider" className="truncate font-semibold">
            <Link to={`/profile/${provider.userId}`} className="hover:underline">
              {name}
            </Link>
          </h2>
          <RatingBadge rating={provider} />
        </div>
      </div>
      <VerifiedStudentMark school={provider.ownerVerifiedSchool} />
      {provider.ownerSchool && (
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <School className="h-4 w-4 shrink-0" aria-hidden /> {provider.ownerSchool}
        </p>
      )}
      {provider.ownerBio && <p className="text-sm whitespace-pre-line break-words">{provider.ownerBio}</p>}
      {provider.ownerMemberSince && (
        <p className="text-sm text-muted-foreground">
          Member since <LocalDate at={provider.ownerMemberSince} />
        </p>
      )}
    </section>
  );
}
