import { Space, Tag } from '@arco-design/web-react';
import { translate, type CallRecordState, type IssueType, type ResolutionStatus, type TransferOutcome } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';

/** The labels of call states, outcomes and transfer outcomes are the export's too: one set, in contracts. */
export const callLabel = (key: string) => translate(key, currentLocale());

const STATE_COLORS: Record<CallRecordState, string> = {
  connected: 'green',
  missed: 'gray',
  voicemail: 'orange',
  invalid: 'red',
  fax: 'purple',
  live: 'arcoblue',
};
const TRANSFER_COLORS: Record<TransferOutcome, string> = { none: 'gray', success: 'green', failed: 'red', lost: 'orange' };

export function CallStateTag({ state }: { state: CallRecordState }) {
  return (
    <Tag color={STATE_COLORS[state]} bordered data-testid={`call-state-${state}`}>
      {callLabel(`call.state.${state}`)}
    </Tag>
  );
}

export function TransferTag({ outcome }: { outcome: TransferOutcome }) {
  // Never wrapped: "No transfer" on two lines read as two values in the narrow history table.
  if (outcome === 'none')
    return (
      <span className="call-muted call-nowrap" data-testid="transfer-outcome">
        {callLabel('call.transfer.none')}
      </span>
    );
  return (
    <Tag color={TRANSFER_COLORS[outcome]} size="small" className="call-nowrap" data-testid="transfer-outcome">
      {callLabel(`call.transfer.${outcome}`)}
    </Tag>
  );
}

export function OutcomeText({ outcome }: { outcome: string | null }) {
  return <span>{outcome ? callLabel(`call.outcome.${outcome}`) : '—'}</span>;
}

export function CallTagList({ tags, names }: { tags: string[]; names: Map<string, string> }) {
  if (tags.length === 0) return <span className="call-muted">—</span>;
  return (
    <Space size={4} wrap>
      {tags.map((tag) => (
        <Tag key={tag} size="small" color="purple">
          {names.get(tag) ?? tag}
        </Tag>
      ))}
    </Space>
  );
}

const RESOLUTION_COLORS: Record<ResolutionStatus, string> = {
  resolved: 'green',
  'follow-up': 'orange',
  escalated: 'purple',
  unresolved: 'red',
};

/** What the agent filed on a call: its issue type and resolution status (a dash before they filed). */
export function DispositionText({
  issueType,
  resolutionStatus,
}: {
  issueType: IssueType | null;
  resolutionStatus: ResolutionStatus | null;
}) {
  if (!issueType && !resolutionStatus) return <span className="call-muted">—</span>;
  return (
    <Space size={4} wrap data-testid="call-disposition">
      {issueType && <span data-testid="call-issue-type">{callLabel(`call.issueType.${issueType}`)}</span>}
      {resolutionStatus && (
        <Tag size="small" color={RESOLUTION_COLORS[resolutionStatus]} data-testid="call-resolution-status">
          {callLabel(`call.resolutionStatus.${resolutionStatus}`)}
        </Tag>
      )}
    </Space>
  );
}
