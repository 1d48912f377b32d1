import { Alert, Button, Drawer, Empty, Input, Radio, Select, Space, Tabs, Tag, Typography } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BENCH_PERSONAS, type BenchEvent, type BenchPersona } from '@dialwise/contracts';
import { TurnTimeline } from '../../../call-records/TurnTimeline.tsx';
import { CallSpeaker } from '../../../webcall/CallSpeaker.tsx';
import { VoiceCheck } from '../../../webcall/VoiceCheck.tsx';
import { useCallMedia } from '../../../webcall/use-call-media.ts';
import { followBench, hangUpBench, sayOnBench, startBench, startBenchVoice } from './api.ts';
import { benchView } from './bench-view.ts';
import './bench.css';

type BenchMode = 'text' | 'voice';

interface Props {
  scenarioId: string;
  /** The version the bench runs (the saved one). */
  version: number | null;
  visible: boolean;
  /** Unsaved edits are not what the bench runs: say so. */
  dirty: boolean;
  onClose(): void;
}

/**
 * The scenario test bench: a conversation with the scenario's saved version, run by the server with the
 * same runtime as calls. The DEV types as the callee (or lets a scripted persona talk), or talks into the
 * microphone (voice: a WebRTC call to the server, heard and answered by the speech engines of a SIP call), and
 * sees each turn's router decision, the referee's verdict, the main and rewrite streams as they stream, the
 * tools fired, and each turn's timings.
 */
export function ScenarioBenchDrawer({ scenarioId, version, visible, onClose, dirty }: Props) {
  const { t } = useTranslation();
  const [persona, setPersona] = useState<BenchPersona>('manual');
  const [businessInfo, setBusinessInfo] = useState('');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [events, setEvents] = useState<BenchEvent[]>([]);
  const [line, setLine] = useState('');
  const [starting, setStarting] = useState(false);
  const [streamFailed, setStreamFailed] = useState(false);
  const [mode, setMode] = useState<BenchMode>('text');
  const [microphone, setMicrophone] = useState<MediaStream | null>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!sessionId) return;
    const abort = new AbortController();
    setStreamFailed(false);
    followBench(sessionId, (event) => setEvents((list) => [...list, event]), abort.signal).catch(() => {
      if (!abort.signal.aborted) setStreamFailed(true);
    });
    return () => abort.abort();
  }, [sessionId]);

  // A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: 'nearest' });
  }, [events.length]);

  const view = benchView(events);
  const running = sessionId !== null && !view.ended;
  const media = useCallMedia(view.ended, microphone);

  const start = async () => {
    setStarting(true);
    try {
      setEvents([]);
      const started = await startBench({ scenarioId, persona, businessInfo });
      setSessionId(started.sessionId);
    } catch {
      // The request layer has shown why.
    } finally {
      setStarting(false);
    }
  };
  const talk = async () => {
    if (!microphone) return;
    setStarting(true);
    setEvents([]);
    const started = await media.open((sdp) => startBenchVoice({ scenarioId, businessInfo, sdp }));
    if (started) setSessionId(started.sessionId);
    setStarting(false);
  };
  const send = async () => {
    const text = line.trim();
    if (!text || !sessionId) return;
    setLine('');
    await sayOnBench(sessionId, text).catch(() => undefined);
  };
  const close = () => {
    if (running && sessionId) void hangUpBench(sessionId).catch(() => undefined);
    media.close();
    setSessionId(null);
    setEvents([]);
    onClose();
  };

  return (
    <Drawer width={640} title={t('bench.title')} visible={visible} onCancel={close} footer={null} unmountOnExit>
      <div className="bench" data-testid="scenario-bench">
        <Typography.Paragraph type="secondary">{t('bench.intro', { version: version ?? '—' })}</Typography.Paragraph>
        {dirty && <Alert type="warning" style={{ marginBottom: 12 }} content={t('bench.unsaved')} />}
        <Radio.Group
          type="button"
          value={mode}
          onChange={(value: BenchMode) => setMode(value)}
          disabled={running}
          style={{ marginBottom: 12 }}
          data-testid="bench-mode"
        >
          <Radio value="text">{t('bench.mode.text')}</Radio>
          <Radio value="voice" data-testid="bench-mode-voice">
            {t('bench.mode.voice')}
          </Radio>
        </Radio.Group>
        {mode === 'voice' && <VoiceCheck onReady={setMicrophone} />}
        <Space wrap style={{ marginBottom: 12 }}>
          {mode === 'text' && (
            <Select
              value={persona}
              onChange={(value: BenchPersona) => setPersona(value)}
              style={{ width: 200 }}
              disabled={running}
              data-testid="bench-persona"
            >
              {BENCH_PERSONAS.map((p) => (
                <Select.Option key={p} value={p}>
                  {t(`bench.persona.${p}`)}
                </Select.Option>
              ))}
            </Select>
          )}
          <Input
            style={{ width: 220 }}
            value={businessInfo}
            onChange={(value) => setBusinessInfo(value)}
            disabled={running}
            placeholder={t('bench.businessInfo')}
            data-testid="bench-business-info"
          />
          {running ? (
            <Button
              status="danger"
              onClick={() => sessionId && void hangUpBench(sessionId).catch(() => undefined)}
              data-testid="bench-hangup"
            >
              {t('bench.hangup')}
            </Button>
          ) : mode === 'voice' ? (
            <Button
              type="primary"
              loading={starting}
              onClick={() => void talk()}
              disabled={version === null || !microphone}
              data-testid="bench-start"
            >
              {t('bench.talk')}
            </Button>
          ) : (
            <Button type="primary" loading={starting} onClick={() => void start()} disabled={version === null} data-testid="bench-start">
              {sessionId ? t('bench.again') : t('bench.start')}
            </Button>
          )}
        </Space>
        <CallSpeaker {...media.speakerProps} speakerId="bench-speaker" statsId="bench-voice-stats" />
        {streamFailed && <Alert type="error" style={{ marginBottom: 12 }} content={t('bench.streamFailed')} />}
        <Tabs defaultActiveTab="talk">
          <Tabs.TabPane key="talk" title={t('bench.tab.talk')}>
            <div className="bench-talk" data-testid="bench-talk">
              {view.items.length === 0 && <Empty description={t('bench.empty')} />}
              {view.items.map((item) => {
                switch (item.kind) {
                  case 'said':
                    return (
                      <div key={item.key} className={`bench-said bench-said-${item.speaker}`} data-testid={`bench-said-${item.speaker}`}>
                        <span className="bench-who">{t(`bench.speaker.${item.speaker}`)}</span>
                        {item.text}
                      </div>
                    );
                  case 'routed':
                    return (
                      <div key={item.key} className="bench-note" data-testid="bench-routed">
                        {item.router
                          ? t('bench.routed', { router: item.router, target: t(`bench.target.${item.target}`), ms: item.routerMs })
                          : t('bench.noRouter', { ms: item.routerMs })}
                      </div>
                    );
                  case 'referee':
                    return (
                      <div key={item.key} className="bench-note">
                        {t('bench.referee', { verdict: item.verdict.toUpperCase(), ms: item.ms })}
                      </div>
                    );
                  case 'stream':
                    return (
                      <div key={item.key} className="bench-stream" data-testid={`bench-stream-${item.stream}`}>
                        <Tag size="small">{t(`bench.stream.${item.stream}`)}</Tag> {item.text}
                      </div>
                    );
                  case 'tool':
                    return (
                      <div key={item.key} className="bench-note bench-tool" data-testid="bench-tool">
                        {t(`bench.tool.${item.toolKind}`, { alias: item.alias })}
                        {item.seat === false && ` — ${t('bench.tool.noSeat')}`}
                      </div>
                    );
                  case 'ended':
                    return (
                      <div key={item.key} className="bench-note bench-ended" data-testid="bench-ended">
                        {t(`bench.ended.${item.reason}`)}
                      </div>
                    );
                  default:
                    return null;
                }
              })}
              {view.partial && (
                <div className="bench-said bench-said-customer bench-partial" data-testid="bench-partial">
                  <span className="bench-who">{t('bench.speaker.hearing')}</span>
                  {view.partial}…
                </div>
              )}
              <div ref={end} />
            </div>
          </Tabs.TabPane>
          <Tabs.TabPane key="timings" title={t('bench.tab.timings')}>
            {view.turns.length === 0 ? <Empty /> : <TurnTimeline turns={view.turns} failures={view.failures} />}
          </Tabs.TabPane>
        </Tabs>
        {mode === 'text' && (
          <div className="bench-input">
            <Input
              value={line}
              onChange={(value) => setLine(value)}
              onPressEnter={() => void send()}
              disabled={!running}
              maxLength={500}
              placeholder={t('bench.typeAsCallee')}
              data-testid="bench-line"
            />
            <Button type="primary" disabled={!running || !line.trim()} onClick={() => void send()} data-testid="bench-say">
              {t('bench.say')}
            </Button>
          </div>
        )}
      </div>
    </Drawer>
  );
}
