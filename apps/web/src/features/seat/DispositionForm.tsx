import { Button, Form, Input, Message, Radio, Typography } from '@arco-design/web-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ISSUE_TYPES,
  RESOLUTION_STATUSES,
  SEAT_CALL_LIMITS,
  callDispositionInputSchema,
  type CallDisposition,
  type IssueType,
  type ResolutionStatus,
} from '@dialwise/contracts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { currentLocale } from '../../locale/index.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { callLabel } from '../call-records/CallTags.tsx';
import { saveCallDisposition, seatKeys } from './api.ts';

interface Values {
  issueType?: IssueType;
  resolutionStatus?: ResolutionStatus;
  note?: string;
}

/** The agent files the call: issue type and resolution status (required), a note; saved on the call record. */
export function DispositionForm({ callId, saved }: { callId: string; saved: CallDisposition }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveCallDisposition({ callId, issueType: values.issueType!, resolutionStatus: values.resolutionStatus!, note: values.note ?? '' }),
    onSuccess: () => {
      Message.success(t('seat.disposition.saved'));
      void queryClient.invalidateQueries({ queryKey: seatKeys.info(callId) });
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="seat-disposition"
      initialValues={{
        issueType: saved.issueType ?? undefined,
        resolutionStatus: saved.resolutionStatus ?? undefined,
        note: saved.note ?? '',
      }}
      onSubmit={(values) => save.mutate(values)}
      data-testid="seat-disposition"
    >
      <Form.Item
        field="issueType"
        label={t('seat.disposition.issueType')}
        rules={[fieldRule(callDispositionInputSchema, 'issueType', locale)]}
        required
      >
        <Radio.Group type="button" size="small" data-testid="seat-issue-type">
          {ISSUE_TYPES.map((value) => (
            <Radio key={value} value={value} data-testid={`seat-issue-type-${value}`}>
              {callLabel(`call.issueType.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        field="resolutionStatus"
        label={t('seat.disposition.resolutionStatus')}
        rules={[fieldRule(callDispositionInputSchema, 'resolutionStatus', locale)]}
        required
      >
        <Radio.Group type="button" size="small" data-testid="seat-resolution-status">
          {RESOLUTION_STATUSES.map((value) => (
            <Radio key={value} value={value} data-testid={`seat-resolution-status-${value}`}>
              {callLabel(`call.resolutionStatus.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item field="note" label={t('seat.disposition.note')} rules={[fieldRule(callDispositionInputSchema, 'note', locale)]}>
        <Input.TextArea
          placeholder={t('seat.disposition.notePlaceholder')}
          maxLength={SEAT_CALL_LIMITS.note}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="seat-disposition-note"
        />
      </Form.Item>
      <div className="seat-disposition-footer">
        {saved.by && saved.at && (
          <Typography.Text type="secondary" data-testid="seat-disposition-saved">
            {t('seat.disposition.savedBy', { by: saved.by, at: time.format(saved.at) })}
          </Typography.Text>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="seat-disposition-save">
          {t('seat.disposition.save')}
        </Button>
      </div>
    </Form>
  );
}
