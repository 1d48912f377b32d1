import { Tag, Tooltip, Typography } from '@arco-design/web-react';
import type { CallRuntimeFailure, CallTurn } from '@dialwise/contracts';
import { useTranslation } from 'react-i18next';
import { formatOffset } from './format.ts';

/** The stages of a turn in the order they happen, each measured from the customer's final words. */
const STAGES = ['routerMs', 'refereeMs', 'llmFirstTokenMs', 'firstSentenceMs', 'firstAudioMs'] as const;
/** The runtime's own steps (not a scenario router): the action tag already names them. */
const BUILT_IN_ROUTES = new Set(['prologue', 'silence', 'timeout', 'fallback', 'wakeup', 'none']);

/**
 * Where the answer reached the line on the bar, whose stages count from the final words: heardAfterMs counts
 * from the end of speech, which comes before the final by the endpointing and recognition time.
 */
function heardMark(turn: CallTurn): number | null {
  if (turn.heardAfterMs === null || turn.heardAfterMs === undefined) return null;
  const beforeFinal = turn.finalAtMs !== null && turn.speechEndMs !== null ? turn.finalAtMs - turn.speechEndMs : 0;
  return Math.max(0, turn.heardAfterMs - beforeFinal);
}

/**
 * The conversation runtime's turns as a timeline: what started each (the customer's words), which
 * router acted and how, and a bar per turn marking when each stage was reached (router, referee, first
 * LLM token, first sentence handed to speech, first audio out, and when the answer was heard: its first frame
 * on the line) against the whole turn; failures below.
 */
export function TurnTimeline({ turns, failures }: { turns: CallTurn[]; failures: CallRuntimeFailure[] }) {
  const { t } = useTranslation();
  const longest = Math.max(1, ...turns.map((turn) => turn.totalMs ?? 0));
  return (
    <div className="call-turns" data-testid="call-turns">
      {turns.map((turn) => (
        <div key={turn.turnId} className="call-turn" data-testid={`call-turn-${turn.action}`}>
          <div className="call-turn-head">
            <Tag size="small" color={turn.action === 'fallback' ? 'orange' : turn.action === 'answer' ? 'arcoblue' : 'gray'}>
              {t(`callRecords.turn.action.${turn.action}`)}
            </Tag>
            {!BUILT_IN_ROUTES.has(turn.route) && <Typography.Text className="call-turn-route">{turn.route}</Typography.Text>}
            {turn.finalAtMs !== null && <span className="call-line-time">{formatOffset(turn.finalAtMs)}</span>}
            {turn.interrupted && <span className="call-line-interrupted">{t('callRecords.interrupted')}</span>}
          </div>
          {turn.user && <div className="call-turn-user">“{turn.user}”</div>}
          <div className="call-turn-bar" aria-hidden>
            <div className="call-turn-total" style={{ width: `${((turn.totalMs ?? 0) / longest) * 100}%` }} />
            {heardMark(turn) !== null && (
              <Tooltip content={`${t('callRecords.turn.heardAfterMs')} ${turn.heardAfterMs} ms`}>
                <span
                  className="call-turn-mark call-turn-mark-heardAfterMs"
                  data-testid="call-turn-heard-mark"
                  style={{ left: `${(heardMark(turn)! / longest) * 100}%` }}
                />
              </Tooltip>
            )}
            {STAGES.map((stage) =>
              turn[stage] === null ? null : (
                <Tooltip key={stage} content={`${t(`callRecords.turn.${stage}`)} ${turn[stage]} ms`}>
                  <span className={`call-turn-mark call-turn-mark-${stage}`} style={{ left: `${(turn[stage]! / longest) * 100}%` }} />
                </Tooltip>
              ),
            )}
          </div>
          <div className="call-turn-figures">
            {turn.heardAfterMs !== null && turn.heardAfterMs !== undefined && (
              <Tooltip content={t('callRecords.turn.heardAfterMs.hint')}>
                <span className="call-turn-heard" data-testid="call-turn-heard">
                  {t('callRecords.turn.heardAfterMs')} <b>{turn.heardAfterMs} ms</b>
                </span>
              </Tooltip>
            )}
            {STAGES.filter((stage) => turn[stage] !== null).map((stage) => (
              <span key={stage}>
                {t(`callRecords.turn.${stage}`)} <b>{turn[stage]} ms</b>
              </span>
            ))}
            {turn.totalMs !== null && (
              <span>
                {t('callRecords.turn.totalMs')} <b>{turn.totalMs} ms</b>
              </span>
            )}
          </div>
        </div>
      ))}
      {failures.length > 0 && (
        <ul className="call-turn-failures" data-testid="call-runtime-failures">
          {failures.map((failure, index) => (
            <li key={index}>
              {formatOffset(failure.atMs)} · {t(`callRecords.failure.${failure.stage}`)} · {failure.failure}
              {failure.detail ? ` — ${failure.detail}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
