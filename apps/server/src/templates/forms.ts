import { and, desc, eq } from 'drizzle-orm';
import { ErrorCode, type BasicProfile, type ChannelForm, type GroupForm, type MediaSettings } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { channelForms, mediaSettings, users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { postMessage } from '../messages/post-message.ts';
import { alias } from 'drizzle-orm/pg-core';

/** `POST /api/channel-form/submit`: stores the step form's channel (the contracts schema has checked its rules). */
export async function submitChannelForm(ctx: ActionContext, values: ChannelForm): Promise<{ id: string; createdTime: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channelForms)
      .values({ companyId: ctx.actor.companyId, values, createdBy: ctx.actor.userId })
      .returning({ id: channelForms.id, createdAt: channelForms.createdAt });
    await recordAudit(tx, auditWho(ctx), {
      action: 'create',
      entity: 'channelForm',
      entityId: row!.id,
      changes: { activityName: values.activityName },
    });
    return { id: row!.id, createdTime: row!.createdAt.toISOString() };
  });
}

/**
 * Saves the group form as a new set of media parameters awaiting approval (commit → approval →
 * finish); the company's administrators get a to-do.
 */
export async function saveGroupForm(ctx: ActionContext, settings: GroupForm): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaSettings)
      .values({ companyId: ctx.actor.companyId, settings, createdBy: ctx.actor.userId })
      .returning({ id: mediaSettings.id });
    await recordAudit(tx, auditWho(ctx), { action: 'create', entity: 'mediaSettings', entityId: row!.id, changes: settings });
    await postMessage(tx, {
      companyId: ctx.actor.companyId,
      kind: 'approvalRequested',
      type: 'todo',
      titleKey: 'msg.todo.review.title',
      contentKey: 'msg.todo.review.content',
      link: '/profile/basic',
      to: { roles: ['ADMIN'] },
    });
    return { id: row!.id };
  });
}

/** An ADMIN approves a saved set: it becomes the parameters in force. */
export async function approveMediaSettings(ctx: ActionContext, id: string): Promise<true> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: mediaSettings.status })
      .from(mediaSettings)
      .where(and(eq(mediaSettings.id, id), eq(mediaSettings.companyId, ctx.actor.companyId)))
      .for('update');
    if (!row) throw AppError.notFound();
    if (row.status === 'finish') throw new AppError(ErrorCode.CONFLICT, 'e.template.alreadyApproved');
    await tx
      .update(mediaSettings)
      .set({ status: 'finish', approvedBy: ctx.actor.userId, approvedAt: new Date() })
      .where(eq(mediaSettings.id, id));
    await recordAudit(tx, auditWho(ctx), { action: 'approve', entity: 'mediaSettings', entityId: id });
    return true as const;
  });
}

const savers = alias(users, 'savers');
const approvers = alias(users, 'approvers');

async function newest(ctx: ActionContext, onlyApproved: boolean): Promise<MediaSettings | null> {
  const [row] = await ctx.db
    .select({ row: mediaSettings, savedBy: savers.username, approvedBy: approvers.username })
    .from(mediaSettings)
    .leftJoin(savers, eq(savers.id, mediaSettings.createdBy))
    .leftJoin(approvers, eq(approvers.id, mediaSettings.approvedBy))
    .where(and(eq(mediaSettings.companyId, ctx.actor.companyId), onlyApproved ? eq(mediaSettings.status, 'finish') : undefined))
    .orderBy(desc(onlyApproved ? mediaSettings.approvedAt : mediaSettings.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.row.id,
    settings: row.row.settings,
    status: row.row.status,
    savedBy: row.savedBy,
    savedTime: row.row.createdAt.toISOString(),
    approvedBy: row.approvedBy,
    approvedTime: row.row.approvedAt?.toISOString() ?? null,
  };
}

/** `GET /api/profile/basic`: the newest save and its approval step, and the parameters in force. */
export async function getBasicProfile(ctx: ActionContext): Promise<BasicProfile> {
  const latest = await newest(ctx, false);
  const current = await newest(ctx, true);
  return { status: latest === null ? -1 : latest.status === 'finish' ? 2 : 1, latest, current };
}
