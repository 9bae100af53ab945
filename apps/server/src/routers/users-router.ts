import { z } from 'zod';
import { idParam, successOutput } from '@compliance/contracts/common';
import { passwordResetOutput } from '@compliance/contracts/passwords';
import {
  accessibleTenantsOutput,
  createUserInput,
  manageableUsersOutput,
  permissionsOutput,
  userActionOutput,
  userListOutput,
  userOutput,
} from '@compliance/contracts/users';
import { membershipSummaryOutput, membershipsOutput, replaceMembershipsInput } from '@compliance/contracts/memberships';
import { getUserMemberships, listMembershipSummaries, replaceUserMemberships } from '@compliance/domain/users/membership-service';
import { issuePasswordReset } from '@compliance/domain/users/password-reset-service';
import { getUserPermissions, listAccessibleTenants } from '@compliance/domain/users/permission-service';
import { createUser, deleteUser, listManageableUserIds, listVisibleUsers, toggleUserStatus } from '@compliance/domain/users/user-service';
import { authedProcedure, router } from '../trpc/trpc';

const tags = ['users'];

export const usersRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users', tags, summary: 'Users the caller may see' } })
    .input(z.void())
    .output(userListOutput)
    .query(({ ctx }) => listVisibleUsers(ctx.deps.db, ctx.actor)),

  manageable: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/manageable', tags, summary: 'Ids of the listed users whose status the caller may change' } })
    .input(z.void())
    .output(manageableUsersOutput)
    .query(async ({ ctx }) => ({ ids: await listManageableUserIds(ctx.deps.db, ctx.actor) })),

  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/users', tags, summary: 'Create a user' } })
    .input(createUserInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => createUser(ctx.deps.db, ctx.actor, input)),

  toggleStatus: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/users/{id}/toggle-status', tags, summary: 'Activate or deactivate a user' } })
    .input(idParam)
    .output(userActionOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await toggleUserStatus(ctx.deps.db, ctx.actor, input.id);
      return { success: true, message: `User "${user.username}" ${user.is_active ? 'activated' : 'deactivated'} successfully`, user };
    }),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/{id}', tags, summary: 'Delete (deactivate) a user' } })
    .input(idParam)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await deleteUser(ctx.deps.db, ctx.actor, input.id);
      return { success: true, message: `User "${user.username}" deleted successfully` };
    }),

  resetPassword: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/users/{id}/password-reset', tags, summary: "Issue a one-time reset code for a user (shown once); ends the user's sessions and API tokens" } })
    .input(idParam)
    .output(passwordResetOutput)
    .mutation(({ ctx, input }) => issuePasswordReset(ctx.deps.db, ctx.actor, input.id)),

  permissions: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/{id}/permissions', tags, summary: "A user's permissions" } })
    .input(idParam)
    .output(permissionsOutput)
    .query(({ ctx, input }) => getUserPermissions(ctx.deps.db, ctx.actor, input.id)),

  accessibleTenants: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/{id}/accessible-tenants', tags, summary: 'Tenants a user can work in' } })
    .input(idParam)
    .output(accessibleTenantsOutput)
    .query(({ ctx, input }) => listAccessibleTenants(ctx.deps.db, ctx.actor, input.id)),

  membershipSummaries: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/memberships', tags, summary: 'Organizations and tenants of the users the caller may see' } })
    .input(z.void())
    .output(membershipSummaryOutput)
    .query(({ ctx }) => listMembershipSummaries(ctx.deps.db, ctx.actor)),

  memberships: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/{id}/memberships', tags, summary: "A user's organization and tenant memberships with their roles" } })
    .input(idParam)
    .output(membershipsOutput)
    .query(({ ctx, input }) => getUserMemberships(ctx.deps.db, ctx.actor, input.id)),

  replaceMemberships: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/users/{id}/memberships', tags, summary: "Replace a user's memberships within the organizations the caller manages" } })
    .input(replaceMembershipsInput)
    .output(membershipsOutput)
    .mutation(({ ctx, input }) => replaceUserMemberships(ctx.deps.db, ctx.actor, input)),
});
