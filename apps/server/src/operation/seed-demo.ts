import { eq } from 'drizzle-orm';
import { COMPANY_FEATURES, type VoiceInput } from '@dialwise/contracts';
import type { Tx } from '../db/client.ts';
import { companies, companyGrants, tags, voices } from '../db/schema.ts';

export interface OperationDemoIds {
  customerId: string;
  /** The DEV account the demo rows are attributed to. */
  devUserId: string;
}

const VOICES: VoiceInput[] = [
  { nickname: 'Xiaomei', vendor: 'volcano', clusterKey: 'volcano_tts', originalVoiceId: 'zhfemalexiaomeimoonbigtts' },
  { nickname: 'Emma', vendor: 'azure', clusterKey: '', originalVoiceId: 'enUSEmmaMultilingualNeural' },
  { nickname: '晓晓', vendor: 'azure', clusterKey: '', originalVoiceId: 'zhCNXiaoxiaoNeural' },
  { nickname: 'Rachel', vendor: 'elevenlabs', clusterKey: '', originalVoiceId: '21m00Tcm4TlvDq8ikWAM' },
];

const TAGS = [
  { name: 'High intent', alias: 'high_intent', description: 'The callee asked about prices or next steps' },
  { name: 'Call back later', alias: 'callback_requested', description: 'The callee asked to be called at another time' },
  { name: 'Not interested', alias: 'not_interested', description: 'The callee declined the offer' },
  { name: 'Wrong number', alias: 'wrong_number', description: 'The number does not belong to the intended person' },
  { name: 'Do not call', alias: 'do_not_call', description: 'The callee asked never to be called again' },
];

/**
 * The operation area's part of the demo: a voice catalogue and tags, the customer granted two voices
 * (Xiaomei and Emma) and allowed every feature with number reveal, so the customer's screens have
 * something to offer. Processors and scenarios are seeded by their own area.
 */
export async function seedOperationDemo(tx: Tx, ids: OperationDemoIds): Promise<void> {
  const by = { createdBy: ids.devUserId, updatedBy: ids.devUserId };
  const seededVoices = await tx
    .insert(voices)
    .values(VOICES.map((voice) => ({ ...voice, ...by })))
    .returning();
  await tx.insert(tags).values(TAGS.map((tag) => ({ ...tag, ...by })));
  const granted = seededVoices.filter((voice) => voice.nickname === 'Xiaomei' || voice.nickname === 'Emma');
  await tx.insert(companyGrants).values(granted.map((voice) => ({ companyId: ids.customerId, kind: 'voice' as const, refId: voice.id })));
  await tx
    .update(companies)
    .set({ permissions: { numberReveal: true, maxConcurrency: 50, features: [...COMPANY_FEATURES] } })
    .where(eq(companies.id, ids.customerId));
}
