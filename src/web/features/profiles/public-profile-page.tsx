import { Pencil, School } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { displayName, profilePath } from '../../../domain/user-summary';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { PageContainer, PageMessage } from '../../ui/page';
import { UserAvatar } from '../../ui/user-avatar';
import { useSession } from '../accounts/api';
import { PortfolioSection } from '../portfolio/portfolio-section';
import { RatingsSection } from '../reviews/ratings-section';
import { usePublicProfile } from './api';
import { useUserServices } from '../services/api';
import { ServiceCard } from '../services/service-card';
import { shortDate } from '../../lib/dates';
import { ProfileMarks } from '../schools/verified-marks';
import { ReportButton } from '../member-reports/report-dialog';
import { BlockButton } from '../blocks/block-button';

/** /profile/{userId}: what anyone may see of a user. */
export function PublicProfilePage() {
  const { userId = '' } = useParams();
  const validId = profilePath(userId) !== null;
  const { account } = useSession();
  const profile = usePublicProfile(validId ? userId : '');

  if (!validId) return <Message title={PROFILE_MESSAGES.noProviderId} />;
  if (profile.isPending) return <Message status title="Loading profile..." />;
  if (profile.isError) {
    return (
      <Message title="Failed to load provider profile">
        <Button onClick={() => profile.refetch()}>Try Again</Button>
      </Message>
    );
  }
  if (!profile.data) return <Message title={PROFILE_MESSAGES.providerNotFound} />;

  const p = profile.data;
  const isOwner = account?.id === p.id;
  return (
    <PageContainer>
      <Card>
        <CardContent className="flex flex-col items-center gap-6 pt-6 sm:flex-row sm:items-start">
          <UserAvatar
            userId={p.id}
            firstName={p.firstName}
            lastName={p.lastName}
            avatarUrl={p.avatarUrl}
            isAdmin={p.isAdmin}
            size="xl"
            showPresence
          />
          <div className="flex flex-1 flex-col gap-2 text-center sm:text-left">
            <h1 className="text-3xl font-bold">{displayName(p)}</h1>
            <div className="flex justify-center sm:justify-start">
              <ProfileMarks emailVerified={p.emailVerified} verifiedSchool={p.verifiedSchool} />
            </div>
            {p.school && (
              <p className="inline-flex items-center justify-center gap-1.5 text-muted-foreground sm:justify-start">
                <School className="h-4 w-4" aria-hidden /> {p.school}
              </p>
            )}
            {p.bio && <p className="whitespace-pre-line">{p.bio}</p>}
            <p className="text-sm text-muted-foreground">Member since {shortDate(p.createdAt)}</p>
          </div>
          <ReportButton targetKind="member" targetId={p.id} ownerId={account?.id === p.id ? p.id : null} />
          {account && !isOwner && <BlockButton target={p} />}
          {isOwner && (
            <Button variant="outline" asChild>
              <Link to="/my-profile">
                <Pencil className="h-4 w-4" aria-hidden /> Edit Profile
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
      <UserServicesSection userId={p.id} />
      <RatingsSection providerId={p.id} />
      <PortfolioSection userId={p.id} isOwner={false} />
    </PageContainer>
  );
}

function UserServicesSection({ userId }: { userId: string }) {
  const services = useUserServices(userId);
  if (!services.data || services.data.length === 0) return null;
  return (
    <section aria-labelledby="profile-services" className="flex flex-col gap-3">
      <h2 id="profile-services" className="text-xl font-semibold">
        Services
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {services.data.map((s) => (
          <li key={s.id}>
            <ServiceCard service={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Message({ title, children, status = false }: { title: string; children?: ReactNode; status?: boolean }) {
  return (
    <PageMessage role={status ? 'status' : undefined}>
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </PageMessage>
  );
}
