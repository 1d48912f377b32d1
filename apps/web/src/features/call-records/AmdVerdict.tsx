import { Descriptions, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AmdFeatures, AmdOutcome, AmdResult } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';

const OUTCOME_COLORS: Record<AmdOutcome, string> = {
  human: 'green',
  machine: 'orange',
  beep: 'orange',
  announcement: 'red',
  fax: 'purple',
  silence: 'gray',
  unknown: 'gray',
};

type Feature =
  | 'initialSilenceMs'
  | 'greetingMs'
  | 'words'
  | 'longestWordMs'
  | 'trailingSilenceMs'
  | 'voiceMs'
  | 'earlyMediaVoiceMs'
  | 'tone'
  | 'sit'
  | 'phrases';

/** The measurements in the order the detector's stages use them (docs/amd.md). */
const FEATURES: readonly Feature[] = [
  'initialSilenceMs',
  'greetingMs',
  'words',
  'longestWordMs',
  'trailingSilenceMs',
  'voiceMs',
  'earlyMediaVoiceMs',
  'tone',
  'sit',
  'phrases',
];

/** Which measurements each stage's decision rests on (`AmdResult.reason`); `total-time` rests on none. */
const DECIDED_BY: Record<string, readonly Feature[]> = {
  'short-greeting': ['greetingMs', 'trailingSilenceMs'],
  'long-greeting': ['greetingMs'],
  'max-words': ['words'],
  'initial-silence': ['initialSilenceMs'],
  sit: ['tone', 'sit'],
  'early-media-voice': ['earlyMediaVoiceMs'],
  beep: ['tone'],
  sentences: ['greetingMs', 'trailingSilenceMs'],
  'no-beep': ['greetingMs', 'trailingSilenceMs'],
  music: ['tone'],
  'fax-answer-tone': ['tone'],
  'fax-calling-tone': ['tone'],
  'no-machine-words': ['greetingMs', 'trailingSilenceMs', 'phrases'],
  'machine-words': ['greetingMs', 'phrases'],
  'announcement-words': ['greetingMs', 'phrases'],
  'spoke-again': ['greetingMs', 'trailingSilenceMs'],
  'repeated-recording': ['greetingMs'],
};

/**
 * The answering-machine detector's verdict on a call: who answered, why (the stage that decided), when
 * (after the answer, or before it in early media), the measurements with the deciding ones marked, and
 * what came of leaving a message.
 */
export function AmdVerdict({ amd }: { amd: AmdResult }) {
  const { t, i18n } = useTranslation();
  const seconds = (ms: number) =>
    t('callRecords.amd.seconds', { value: (ms / 1000).toLocaleString(currentLocale(), { maximumFractionDigits: 2 }) });
  const decisive = new Set<Feature>(DECIDED_BY[amd.reason] ?? []);
  // A beep after a greeting of words decides a machine: the words count too.
  if (amd.reason === 'beep' && amd.outcome === 'machine') decisive.add('words');
  const reasonKey = `callRecords.amd.reason.${amd.reason}`;
  const reason = i18n.exists(reasonKey) ? t(reasonKey) : amd.reason;
  const when =
    amd.decisionMs < 0
      ? t('callRecords.amd.decidedEarly', { time: seconds(-amd.decisionMs) })
      : t('callRecords.amd.decidedAfter', { time: seconds(amd.decisionMs) });

  return (
    <div data-testid="call-record-amd">
      <div className="call-amd-head">
        <Tag color={OUTCOME_COLORS[amd.outcome]} bordered data-testid="call-amd-outcome">
          {t(`callRecords.amd.outcome.${amd.outcome}`)}
        </Tag>
        <Typography.Text data-testid="call-amd-reason">{reason}</Typography.Text>
        <span className="call-muted" data-testid="call-amd-decision">
          {when}
        </span>
      </div>
      <Descriptions
        column={2}
        size="small"
        layout="horizontal"
        className="call-facts call-amd-features"
        // The phrases only when the recogniser listened (SIP calls with the offline recogniser).
        data={FEATURES.filter((feature) => feature !== 'phrases' || amd.features.phrases !== undefined).map((feature) => ({
          label: <span className={decisive.has(feature) ? 'call-amd-decisive' : undefined}>{t(`callRecords.amd.feature.${feature}`)}</span>,
          value: (
            <span
              className={decisive.has(feature) ? 'call-amd-decisive' : undefined}
              data-testid={`call-amd-feature-${feature}`}
              data-decisive={decisive.has(feature) || undefined}
            >
              {featureValue(feature, amd.features, seconds, t)}
            </span>
          ),
        }))}
      />
      {decisive.size > 0 && <div className="call-amd-legend">{t('callRecords.amd.decisiveLegend')}</div>}
      {(amd.messageLeft !== undefined || amd.beepAtMs !== undefined) && (
        <div className="call-amd-message" data-testid="call-amd-message">
          {amd.beepAtMs === null || amd.beepAtMs === undefined
            ? t('callRecords.amd.noBeep')
            : t('callRecords.amd.beepAt', { time: seconds(amd.beepAtMs) })}
          {' · '}
          {t(amd.messageLeft ? 'callRecords.amd.messageLeft' : 'callRecords.amd.messageNotLeft')}
        </div>
      )}
    </div>
  );
}

function featureValue(feature: Feature, f: AmdFeatures, seconds: (ms: number) => string, t: TFunction): string {
  switch (feature) {
    case 'words':
      return String(f.words);
    case 'tone':
      return f.toneHz === null ? '—' : t('callRecords.amd.tone', { hz: Math.round(f.toneHz), time: seconds(f.toneMs ?? 0) });
    case 'sit':
      return t(f.sit ? 'callRecords.amd.yes' : 'callRecords.amd.no');
    case 'phrases':
      return f.phrases?.length ? f.phrases.map((phrase) => `“${phrase}”`).join(', ') : t('callRecords.amd.no');
    default:
      return seconds(f[feature]);
  }
}
