import {
  addSchoolDomainSchema,
  createSchoolSchema,
  removeSchoolDomainSchema,
  removeSchoolSchema,
  renameSchoolSchema,
  schoolAddressSchema,
  verifySchoolTokenSchema,
} from '../../../domain/schools';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc';
import { addSchoolDomain } from './add-school-domain';
import { createSchool } from './create-school';
import { getMySchoolEmail } from './get-my-school-email';
import { listSchools } from './list-schools';
import { removeSchool } from './remove-school';
import { removeSchoolDomain } from './remove-school-domain';
import { removeSchoolEmail } from './remove-school-email';
import { renameSchool } from './rename-school';
import { resendSchoolLink } from './resend-school-link';
import { setSchoolEmail } from './set-school-email';
import { verifySchoolEmail } from './verify-school-email';

/** /admin/schools (admins only) and the member's school address in Settings; the link's page is public. */
export const schoolsRouter = router({
  list: adminProcedure.query(({ ctx }) => listSchools(ctx, ctx.user)),
  create: adminProcedure.input(createSchoolSchema).mutation(({ ctx, input }) => createSchool(ctx, ctx.user, input)),
  rename: adminProcedure.input(renameSchoolSchema).mutation(({ ctx, input }) => renameSchool(ctx, ctx.user, input)),
  remove: adminProcedure.input(removeSchoolSchema).mutation(({ ctx, input }) => removeSchool(ctx, ctx.user, input)),
  addDomain: adminProcedure
    .input(addSchoolDomainSchema)
    .mutation(({ ctx, input }) => addSchoolDomain(ctx, ctx.user, input)),
  removeDomain: adminProcedure
    .input(removeSchoolDomainSchema)
    .mutation(({ ctx, input }) => removeSchoolDomain(ctx, ctx.user, input)),
  /** The caller's own school address (the only place it is ever returned). */
  mine: authedProcedure.query(({ ctx }) => getMySchoolEmail(ctx, ctx.user)),
  setEmail: authedProcedure
    .input(schoolAddressSchema)
    .mutation(({ ctx, input }) => setSchoolEmail(ctx, ctx.user, input)),
  resendLink: authedProcedure.mutation(({ ctx }) => resendSchoolLink(ctx, ctx.user)),
  removeEmail: authedProcedure.mutation(({ ctx }) => removeSchoolEmail(ctx, ctx.user)),
  /** The emailed link: the token is the proof, so it works signed in or out. */
  verify: publicProcedure
    .input(verifySchoolTokenSchema)
    .mutation(({ ctx, input }) => verifySchoolEmail(ctx, null, input)),
});
