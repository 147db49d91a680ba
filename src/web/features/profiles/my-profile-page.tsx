import { useLocation } from 'react-router';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { PageContainer, PageMessage } from '../../ui/page';
import { UserAvatar } from '../../ui/user-avatar';
import { useSession } from '../accounts/api';
import { PayoutsCard } from '../payouts/payouts-card';
import { PortfolioSection } from '../portfolio/portfolio-section';
import { ProfileBadgesCard, ProgressStatsCard } from '../progression/progress-stats-card';
import { useMyProfile } from './api';
import { AvatarUploader } from './avatar-uploader';
import { ProfileInfoCard } from './profile-info-card';
import { ProfileMarks } from '../schools/verified-marks';
import { appCodeOf } from '../../lib/app-error';

/** /my-profile: the signed-in user's profile, avatar, payouts, progress, badges and portfolio. */
export function MyProfilePage() {
  const { account } = useSession();
  const profile = useMyProfile(Boolean(account));
  const location = useLocation();
  const startEditing = (location.state as { startEditing?: boolean } | null)?.startEditing === true;

  if (!account) {
    return (
      <PageMessage className="text-lg">
        <h1 className="text-xl font-semibold">{PROFILE_MESSAGES.mustBeLoggedIn}</h1>
      </PageMessage>
    );
  }
  if (profile.isPending) {
    return (
      <PageMessage className="text-lg">
        <span role="status">Loading profile...</span>
      </PageMessage>
    );
  }
  if (profile.isError) {
    return (
      <PageMessage className="text-lg">
        <div role="alert" className="flex flex-col items-center gap-3">
          <p>
            {appCodeOf(profile.error) === 'PROFILE_NOT_FOUND'
              ? PROFILE_MESSAGES.loadFailed
              : PROFILE_MESSAGES.unexpected}
          </p>
          <Button onClick={() => profile.refetch()}>Try Again</Button>
        </div>
      </PageMessage>
    );
  }

  const p = profile.data;
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold">My Profile</h1>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <Card>
          <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
            <UserAvatar
              userId={p.id}
              firstName={p.firstName}
              lastName={p.lastName}
              avatarUrl={p.avatarUrl}
              isAdmin={p.isAdmin}
              size="xl"
              showPresence
            />
            <div>
              <p className="text-lg font-semibold">
                {[p.firstName, p.lastName].filter(Boolean).join(' ') || 'Unknown User'}
              </p>
              <p className="text-sm text-muted-foreground">{p.email}</p>
            </div>
            <ProfileMarks emailVerified={p.emailVerified} verifiedSchool={p.verifiedSchool} />
            <AvatarUploader />
          </CardContent>
        </Card>
        <ProfileInfoCard profile={p} startEditing={startEditing} />
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        <PayoutsCard />
        <ProgressStatsCard />
        <ProfileBadgesCard />
      </div>
      <PortfolioSection userId={p.id} isOwner />
    </PageContainer>
  );
}
