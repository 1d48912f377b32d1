import { Alert, Button, Empty, Input, Modal, Radio, Select, Space, Typography } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TaskListItem, type TestCallEvent, formatIssue, testCallFieldsSchema } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { listPendingSubtasks, subtaskKeys } from '../subtasks/api.ts';
import { hangUpTestCall, startTestCall, testCallEvents } from './api.ts';
import { testCallView } from './test-call-view.ts';
import { useCallMedia } from './use-call-media.ts';
import { CallSpeaker } from './CallSpeaker.tsx';
import { VoiceCheck } from './VoiceCheck.tsx';
import './test-call.css';

type Source = 'subtask' | 'typed';

/** How often the dialog asks for what was said (the call's events since the last ask). */
const POLL_MS = 500;

interface Props {
  /** The task to call as; null: closed. */
  task: TaskListItem | null;
  onClose(): void;
}

/**
 * "Call me in the browser" on a task: the tester's microphone and speaker are the callee's end of a call of the
 * task (its scenario version, voice, prologues and advanced settings), over WebRTC to the server, with a number's
 * prologue and business info or typed ones. The microphone check is the seat's; the transcript is live (the
 * recogniser's words while the tester speaks); the call is recorded as a test call in the call records.
 */
export function TestCallDialog({ task, onClose }: Props) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('typed');
  const [subtaskId, setSubtaskId] = useState<string | undefined>();
  const [prologueInfo, setPrologueInfo] = useState('');
  const [businessInfo, setBusinessInfo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [microphone, setMicrophone] = useState<MediaStream | null>(null);
  const [callId, setCallId] = useState<string | null>(null);
  const [events, setEvents] = useState<TestCallEvent[]>([]);
  const [starting, setStarting] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const view = testCallView(events);
  const running = callId !== null && !view.ended;
  const media = useCallMedia(view.ended, microphone);

  const numbers = useQuery({
    queryKey: subtaskKeys.pending({ taskId: task?.id ?? '', page: 1, pageSize: 100 }),
    queryFn: () => listPendingSubtasks({ taskId: task!.id, page: 1, pageSize: 100 }),
    enabled: task !== null && source === 'subtask',
  });

  // What was said, asked for every half second while the call lasts (and once more after it ends).
  useEffect(() => {
    if (!callId) return;
    let stopped = false;
    let after = 0;
    const poll = async () => {
      while (!stopped) {
        try {
          const answer = await testCallEvents(callId, after);
          after += answer.events.length;
          if (answer.events.length > 0) setEvents((list) => [...list, ...answer.events]);
          if (answer.ended) return;
        } catch {
          // The request layer has shown why; the next ask may succeed.
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [callId]);

  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'nearest' });
  }, [events.length]);

  const fields = () =>
    source === 'subtask'
      ? testCallFieldsSchema.safeParse({ taskId: task?.id, subtaskId })
      : testCallFieldsSchema.safeParse({ taskId: task?.id, prologueInfo, businessInfo });

  const call = async () => {
    if (!task || !microphone) return;
    if (source === 'subtask' && !subtaskId) {
      setProblem(t('testCall.pickNumber'));
      return;
    }
    const checked = fields();
    const issue = checked.success ? undefined : checked.error.issues[0];
    if (issue) {
      setProblem(formatIssue(issue, currentLocale()));
      return;
    }
    if (!checked.success) return;
    setProblem(null);
    setStarting(true);
    setEvents([]);
    const started = await media.open((sdp) => startTestCall({ ...checked.data, sdp }));
    if (started) setCallId(started.callId);
    setStarting(false);
  };

  const close = () => {
    if (running && callId) void hangUpTestCall(callId).catch(() => undefined);
    media.close();
    setCallId(null);
    setEvents([]);
    setProblem(null);
    onClose();
  };

  return (
    <Modal
      title={task ? t('testCall.title', { task: task.name }) : ''}
      visible={task !== null}
      onCancel={close}
      footer={null}
      unmountOnExit
      style={{ width: 620 }}
    >
      <div className="test-call" data-testid="test-call">
        <Typography.Paragraph type="secondary">{t('testCall.intro')}</Typography.Paragraph>
        <VoiceCheck onReady={setMicrophone} />
        <Radio.Group
          type="button"
          value={source}
          onChange={(value: Source) => setSource(value)}
          disabled={running}
          style={{ marginBottom: 12 }}
        >
          <Radio value="typed" data-testid="test-call-typed">
            {t('testCall.source.typed')}
          </Radio>
          <Radio value="subtask" data-testid="test-call-subtask">
            {t('testCall.source.subtask')}
          </Radio>
        </Radio.Group>
        {source === 'subtask' ? (
          <Select
            showSearch
            allowClear
            value={subtaskId}
            onChange={(value: string | undefined) => {
              setSubtaskId(value);
              setProblem(null);
            }}
            disabled={running}
            loading={numbers.isFetching}
            placeholder={t('testCall.numberPlaceholder')}
            notFoundContent={<Empty description={t('testCall.noNumbers')} />}
            data-testid="test-call-number"
            style={{ marginBottom: 12 }}
          >
            {(numbers.data?.list ?? []).map((subtask) => (
              <Select.Option key={subtask.id} value={subtask.id}>
                {subtask.prologueInfo ? `${subtask.phoneNumber} · ${subtask.prologueInfo}` : subtask.phoneNumber}
              </Select.Option>
            ))}
          </Select>
        ) : (
          <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
            <Input
              value={prologueInfo}
              onChange={(value) => {
                setPrologueInfo(value);
                setProblem(null);
              }}
              disabled={running}
              maxLength={500}
              placeholder={t('testCall.prologueInfo')}
              data-testid="test-call-prologue-info"
            />
            <Input
              value={businessInfo}
              onChange={(value) => {
                setBusinessInfo(value);
                setProblem(null);
              }}
              disabled={running}
              maxLength={2000}
              placeholder={t('testCall.businessInfo')}
              data-testid="test-call-business-info"
            />
          </Space>
        )}
        {problem && <Alert type="error" style={{ marginBottom: 12 }} content={problem} data-testid="test-call-problem" />}
        <Space style={{ marginBottom: 12 }}>
          {running ? (
            <Button
              status="danger"
              onClick={() => callId && void hangUpTestCall(callId).catch(() => undefined)}
              data-testid="test-call-hangup"
            >
              {t('testCall.hangup')}
            </Button>
          ) : (
            <Button type="primary" loading={starting} disabled={!microphone} onClick={() => void call()} data-testid="test-call-start">
              {callId ? t('testCall.again') : t('testCall.call')}
            </Button>
          )}
          {!microphone && !running && <Typography.Text type="secondary">{t('testCall.needsMicrophone')}</Typography.Text>}
        </Space>
        <CallSpeaker {...media.speakerProps} speakerId="test-call-speaker" statsId="test-call-stats" />
        <div className="test-call-transcript" data-testid="test-call-transcript">
          {view.items.length === 0 && !view.partial && <Empty description={t('testCall.empty')} />}
          {view.items.map((item) =>
            item.kind === 'said' ? (
              <div
                key={item.key}
                className={`test-call-said test-call-said-${item.speaker}`}
                data-testid={`test-call-said-${item.speaker}`}
              >
                <span className="test-call-who">{t(`testCall.speaker.${item.speaker}`)}</span>
                {item.text}
              </div>
            ) : (
              <div key={item.key} className="test-call-note" data-testid={`test-call-${item.kind}`}>
                {item.kind === 'ended' ? t(`testCall.ended.${item.reason}`) : t(`testCall.${item.kind}`)}
              </div>
            ),
          )}
          {view.partial && (
            <div className="test-call-said test-call-said-customer test-call-partial" data-testid="test-call-partial">
              <span className="test-call-who">{t('testCall.speaker.hearing')}</span>
              {view.partial}…
            </div>
          )}
          <div ref={end} />
        </div>
      </div>
    </Modal>
  );
}
