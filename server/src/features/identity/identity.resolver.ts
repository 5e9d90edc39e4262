import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { demoAccounts, demoPassword } from '../../kits/core/demo-accounts';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu, Public, PublicForm } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength } from '../../platform/graphql/input-limits';
import { seededGroups } from '../user-groups';
import { type AuthResult, AuthService, type LoginMeta } from './auth.service';
import { ExternalSiteService } from './external-site.service';
import {
  AuthPayloadType,
  DemoAccountType,
  LoggedInUserType,
  SessionCheckType,
  UserKindEnum,
} from './identity.type';
import { type LoggedInUserData, loggedInUser } from './logged-in-user';
import { PasswordService } from './password.service';

const meta = (ctx: GraphQLContext): LoginMeta => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  requestId: ctx.requestId,
  botToken: ctx.forms.botToken,
  log: ctx.log,
});

@Resolver()
export class IdentityResolver {
  @Query(() => LoggedInUserType, {
    nullable: true,
    description: 'The logged-in user; null when not logged in.',
  })
  @Public()
  async me(@Ctx() ctx: GraphQLContext): Promise<LoggedInUserData | null> {
    const principal = ctx.auth.principal;
    return principal ? loggedInUser(ctx.em, principal.userId) : null;
  }

  @Query(() => SessionCheckType, {
    description: 'The 30-second session check; xlock tells why a session ended.',
  })
  @Public()
  sessionCheck(@Ctx() ctx: GraphQLContext) {
    return new AuthService(ctx.em, ctx.deps).sessionCheck(ctx.authorization, ctx.auth);
  }

  @Query(() => Boolean, {
    description: 'chk-auth-menu: may the logged-in user open this menu? False when not logged in.',
  })
  @Public()
  checkMenuAccess(
    @MaxLength(6) @Arg('menuCode', () => String) menuCode: string,
    @Ctx() ctx: GraphQLContext,
  ): boolean {
    if (!ctx.auth.principal) {
      if (ctx.auth.failure) throw ctx.auth.failure;
      return false;
    }
    return ctx.auth.principal.menuCodes.has(menuCode);
  }

  @Query(() => [DemoAccountType], {
    description: 'Demo accounts; empty in production and with DATABASE_URL.',
  })
  @Public()
  demoAccounts(@Ctx() ctx: GraphQLContext): DemoAccountType[] {
    if (ctx.deps.config.production || !ctx.deps.config.seedDemo) return [];
    return demoAccounts.map((a) => ({
      username: a.username,
      password: demoPassword,
      groupCode: a.groupCode,
      groupName: seededGroups.find((g) => g.code === a.groupCode)?.name ?? a.groupCode,
      kind: a.groupCode === 'UG-I01' ? UserKindEnum.DONOR : UserKindEnum.STAFF,
    }));
  }

  @Mutation(() => AuthPayloadType, { description: 'Staff login; the username is lower-cased.' })
  @Public()
  login(
    @MaxLength(100) @Arg('username', () => String) username: string,
    @MaxLength(200) @Arg('password', () => String) password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthResult> {
    return new AuthService(ctx.em, ctx.deps).login('STAFF', username, password, meta(ctx));
  }

  @Mutation(() => AuthPayloadType, {
    description: 'Donor (internet user, UG-I01) login; the username is the e-mail.',
  })
  @Public()
  donorLogin(
    @MaxLength(100) @Arg('username', () => String) username: string,
    @MaxLength(200) @Arg('password', () => String) password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AuthResult> {
    return new AuthService(ctx.em, ctx.deps).login('DONOR', username, password, meta(ctx));
  }

  @Mutation(() => Boolean, { description: 'Ends the current session.' })
  @Public()
  logout(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    return new AuthService(ctx.em, ctx.deps).logout(ctx.auth.principal);
  }

  @Mutation(() => AuthPayloadType, {
    description: 'A fresh token for the current session; the token it replaces stops working.',
  })
  @Public()
  refreshToken(@Ctx() ctx: GraphQLContext): Promise<AuthResult> {
    return new AuthService(ctx.em, ctx.deps).refresh(requirePrincipal(ctx.auth));
  }

  @Mutation(() => Boolean, { description: 'Changes the password and ends every session of the user.' })
  @Menu('MN-007')
  changePassword(
    @MaxLength(200) @Arg('currentPassword', () => String) currentPassword: string,
    @MaxLength(200) @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return new PasswordService(ctx.em, ctx.deps).changePassword(
      requirePrincipal(ctx.auth),
      currentPassword,
      newPassword,
    );
  }

  @Mutation(() => Boolean, { description: 'Mails a reset link if the address has an account; always true.' })
  @PublicForm()
  forgotPassword(@Arg('email', () => String) email: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return new PasswordService(ctx.em, ctx.deps).forgotPassword(email);
  }

  @Mutation(() => Boolean)
  @Public()
  resetPassword(
    @MaxLength(200) @Arg('token', () => String) token: string,
    @MaxLength(200) @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return new PasswordService(ctx.em, ctx.deps).resetPassword(token, newPassword);
  }

  @Mutation(() => String, {
    description: 'A one-time token (60 s) to open an external report menu; needs login and that menu.',
  })
  @Public()
  externalSiteToken(
    @MaxLength(6) @Arg('menuCode', () => String) menuCode: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return new ExternalSiteService(ctx.em).externalSiteToken(requirePrincipal(ctx.auth), menuCode);
  }
}
