import { DEFAULT_GROUP_FORM } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { mediaSettings, policies } from '../db/schema.ts';
import { postMessage } from '../messages/post-message.ts';
import { recordAudit } from '../db/record-audit.ts';

/** Policies in both languages, as a team working in both would name them. */
const POLICIES: [
  string,
  (typeof policies.$inferInsert)['contentType'],
  (typeof policies.$inferInsert)['filterType'],
  number,
  'online' | 'offline',
][] = [
  ['Renewal reminder', 'img', 'rules', 1280, 'online'],
  ['续费提醒', 'img', 'rules', 964, 'online'],
  ['Weekend callback', 'horizontalVideo', 'artificial', 312, 'offline'],
  ['周末回访', 'horizontalVideo', 'artificial', 287, 'online'],
  ['Overdue notice', 'verticalVideo', 'rules', 2045, 'online'],
  ['逾期通知', 'verticalVideo', 'rules', 1733, 'offline'],
  ['Satisfaction survey', 'img', 'artificial', 540, 'online'],
  ['满意度调查', 'img', 'artificial', 498, 'online'],
  ['Event invitation', 'horizontalVideo', 'rules', 76, 'offline'],
  ['活动邀约', 'horizontalVideo', 'rules', 91, 'offline'],
  ['Address check', 'verticalVideo', 'artificial', 150, 'online'],
  ['地址核实', 'verticalVideo', 'artificial', 133, 'online'],
];

/**
 * The template pages' demo content for the customer company: policies, approved media parameters, and
 * announcements in every user's box (texts are message keys, so each reader sees their language).
 */
export async function seedTemplatesDemo(tx: DbOrTx, ids: { companyId: string; adminId: string }, now = new Date()): Promise<void> {
  await tx.insert(policies).values(
    POLICIES.map(([name, contentType, filterType, count, status], i) => ({
      companyId: ids.companyId,
      name,
      contentType,
      filterType,
      count,
      status,
      createdBy: ids.adminId,
      createdAt: new Date(now.getTime() - (POLICIES.length - i) * 86_400_000),
    })),
  );
  const [media] = await tx
    .insert(mediaSettings)
    .values({
      companyId: ids.companyId,
      settings: DEFAULT_GROUP_FORM,
      status: 'finish',
      createdBy: ids.adminId,
      approvedBy: ids.adminId,
      approvedAt: now,
    })
    .returning({ id: mediaSettings.id });
  // Their history, as saving and approving them would have written it (the basic profile's operation log).
  const admin = { actorId: ids.adminId, actorName: 'admin', companyId: ids.companyId, traceId: null };
  await recordAudit(tx, admin, { action: 'create', entity: 'mediaSettings', entityId: media!.id, changes: DEFAULT_GROUP_FORM });
  await recordAudit(tx, admin, { action: 'approve', entity: 'mediaSettings', entityId: media!.id });
  for (const key of ['maintenance', 'dnc', 'welcome']) {
    await postMessage(tx, {
      companyId: ids.companyId,
      kind: 'announcement',
      type: 'notice',
      titleKey: `msg.announce.${key}.title`,
      contentKey: `msg.announce.${key}.content`,
      to: { roles: ['ADMIN', 'DEV', 'OPR'] },
    });
  }
}
