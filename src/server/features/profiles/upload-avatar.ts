import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_VARIANTS } from '../../../domain/files';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { fileStem, type BlobStore } from '../../files/blob-store';
import { openImage } from '../../files/reencode-image';
import type { ImageHeader } from '../../files/sniff-image';
import type { DomainEvents } from '../../events/domain-events';
import { inTransaction } from '../../events/in-transaction';
import { publicProfileColumns, toPublicProfileData } from './public-profile-columns';

/**
 * Stores a checked image as square WebP variants for every avatar size, points the profile at it, and removes
 * the previous avatar's files. Resizing happens before any database work (no network or CPU inside a transaction).
 */
export async function uploadAvatar(
  deps: { db: Db; events: DomainEvents; files: BlobStore },
  actor: { id: string },
  { image, header }: { image: Buffer; header: ImageHeader },
) {
  const { files } = deps;
  const stem = fileStem();
  // The upload is decoded once, into the largest variant; the smaller ones are made from those few pixels.
  // Animated GIFs keep their first frame: an avatar is a still picture at these sizes.
  const largest = AVATAR_VARIANTS.at(-1)!;
  const { data: pixels, info } = await openImage(image, { ...header, animated: false })
    .resize(largest, largest, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const variants = await Promise.all(
    AVATAR_VARIANTS.map(async (px) => ({
      px,
      data: await sharp(pixels, raw).resize(px, px).webp({ quality: 82 }).toBuffer(),
    })),
  );
  const urls = await Promise.all(variants.map((v) => files.put('avatars', actor.id, `${stem}@${v.px}.webp`, v.data)));
  const avatarUrl = urls.at(-1)!;

  const previous = await inTransaction(deps, async (tx, emit) => {
    const [row] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, actor.id))
      .for('update');
    const [profile] = await tx
      .update(profiles)
      .set({ avatarUrl, updatedAt: new Date() })
      .where(eq(profiles.id, actor.id))
      .returning(publicProfileColumns);
    if (profile) emit({ type: 'avatar.set', userId: actor.id, profile: toPublicProfileData(profile) });
    return row;
  });
  if (previous?.avatarUrl && files.owns(previous.avatarUrl, 'avatars', actor.id)) {
    await Promise.all(
      AVATAR_VARIANTS.map((px) => files.remove(previous.avatarUrl!.replace(/@\d+\.webp$/, `@${px}.webp`))),
    );
  }
  return { avatarUrl };
}
