import { Grid, Typography } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callRecordKeys, callRecordOptions } from '../call-records/api.ts';
import { usePageRoute } from '../shell/route-params.ts';
import { CallInfoPanel } from './CallInfoPanel.tsx';
import { CallPanel } from './CallPanel.tsx';
import { DevicePanel } from './DevicePanel.tsx';
import { SeatStatusBar } from './SeatStatusBar.tsx';
import { UnfiledCalls } from './UnfiledCalls.tsx';
import { shownCall } from './seat-client.ts';
import { useMicrophone } from './use-microphone.ts';
import { useSeat } from './use-seat.ts';
import '../call-records/call-records.css';
import './seat.css';

/**
 * The operator seat (`/operator/index`), and the same page for one project (`/projectOp/callDisplay/{projectID}`:
 * the seat signs in for that project alone). Left: the seat's states and actions, the call, the calls still to
 * file and the device check; right: who is calling and why, their history, the task, and the agent's filing
 * of the call.
 */
export default function SeatPage() {
  const { t } = useTranslation();
  const { params } = usePageRoute();
  const projectId = params.projectID ?? null;
  const microphone = useMicrophone();
  const speaker = useRef<HTMLAudioElement>(null);
  const [playbackBlocked, setPlaybackBlocked] = useState(false);
  const { client, snapshot: seat } = useSeat({
    microphone: microphone.stream,
    speaker: () => speaker.current!,
    onPlaybackBlocked: () => setPlaybackBlocked(true),
  });
  const options = useQuery({
    queryKey: callRecordKeys.options(undefined),
    queryFn: () => callRecordOptions(undefined),
    enabled: projectId !== null,
  });
  const project = projectId ? options.data?.projects.find((candidate) => candidate.id === projectId) : undefined;

  // The panel on the right follows the call: in progress, just ended (until filed), else ringing.
  const { offer, canFile } = shownCall(seat);

  return (
    <div className="seat-page" data-testid="seat-page">
      <Typography.Title heading={5} className="seat-title">
        {project ? t('seat.titleProject', { project: project.name }) : t('seat.title')}
      </Typography.Title>
      {projectId && (
        <Typography.Paragraph type="secondary" data-testid="seat-project-scope">
          {options.data && !project ? t('seat.projectMissing') : t('seat.projectScope')}
        </Typography.Paragraph>
      )}
      <SeatStatusBar client={client} seat={seat} microphoneReady={microphone.status === 'ready'} projectId={projectId} />
      <Grid.Row gutter={16} className="seat-body">
        <Grid.Col xs={24} lg={10}>
          <CallPanel
            client={client}
            seat={seat}
            playbackBlocked={playbackBlocked}
            onPlay={() => {
              setPlaybackBlocked(false);
              void speaker.current?.play().catch(() => setPlaybackBlocked(true));
            }}
          />
          <UnfiledCalls
            shown={canFile ? (offer?.callId ?? null) : null}
            refresh={`${seat.call?.offer.callId ?? ''}|${seat.lastCall?.offer.callId ?? ''}`}
          />
          <DevicePanel microphone={microphone} />
        </Grid.Col>
        <Grid.Col xs={24} lg={14}>
          <CallInfoPanel offer={offer} canFile={canFile} />
        </Grid.Col>
      </Grid.Row>
      {/* The call's audio: the remote stream plays here (Chromium decodes nothing unless it is attached and played). */}
      <audio ref={speaker} autoPlay data-testid="seat-audio" />
    </div>
  );
}
