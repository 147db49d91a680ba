/**
 * What a profile or a portfolio change carries, from the use case through the domain event to the live channel:
 * the fields the public queries (profiles.public, portfolio.list) answer anyone, with instants as ISO strings.
 * Never a private field (date of birth, email, payout state): those stay with the owner's own queries.
 */

/** A user's profile as profiles.public answers it. */
export type PublicProfileData = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  bio: string | null;
  school: string | null;
  /** The account email was confirmed (users.email_verified). */
  emailVerified: boolean;
  /** The name of the school the member verified through (never the address), or null. */
  verifiedSchool: string | null;
  createdAt: string;
};

/** A portfolio item as portfolio.list answers it. */
export type PortfolioItemData = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  projectUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * The owner's profile changed. `profile` is the public profile after the change; without it the change touched only
 * private fields (payout state from onboarding or Stripe). Private fields never travel on a channel: without a
 * profile, or with `privateFieldsChanged` (the date of birth), the owner's private views read themselves again.
 */
export type ProfileLiveEvent = {
  type: 'profile-updated';
  profile?: PublicProfileData;
  privateFieldsChanged?: boolean;
};

/** One user's portfolio changed: the saved item as the list shows it, or the removed item's id. */
export type PortfolioLiveEvent =
  { type: 'portfolio-item-saved'; item: PortfolioItemData } | { type: 'portfolio-item-removed'; itemId: string };
