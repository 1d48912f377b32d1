import { Button, Form, Input, Message, Radio, Typography } from '@arco-design/web-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ISSUE_TYPES,
  RESOLUTION_STATUSES,
  SEAT_CALL_LIMITS,
  callDispositionInputSchema,
  type CallDisposition,
  type CallDispositionInput,
} from '@dialwise/contracts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { currentLocale } from '../../locale/index.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { callLabel } from './CallTags.tsx';
import { fileCall } from './api.ts';

/** The form's fields: the filing without its call, each empty until chosen. */
type Values = Partial<Omit<CallDispositionInput, 'callId'>>;

/**
 * Filing a call a seat took: issue type and resolution status (required), a note; saved on the call record.
 * The seat shows it after the call; the call-record drawer shows it to whoever may file (`canFile`: the agent
 * who took the call, or an ADMIN), so a filing skipped at the seat can always be done later.
 */
export function DispositionForm({ callId, saved }: { callId: string; saved: CallDisposition }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const save = useMutation({
    mutationFn: (values: Values) =>
      fileCall({ callId, issueType: values.issueType!, resolutionStatus: values.resolutionStatus!, note: values.note ?? '' }),
    onSuccess: () => {
      Message.success(t('callRecords.file.saved'));
      // The seat's call info, its list of calls to file, and the call records (drawer, list) all show it.
      void queryClient.invalidateQueries({ queryKey: ['seat'] });
      void queryClient.invalidateQueries({ queryKey: ['call-records'] });
    },
    onError: (error) => markServerErrors(form, error),
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="call-disposition"
      initialValues={{
        issueType: saved.issueType ?? undefined,
        resolutionStatus: saved.resolutionStatus ?? undefined,
        note: saved.note ?? '',
      }}
      onSubmit={(values) => save.mutate(values)}
      data-testid="call-disposition"
    >
      <Form.Item
        field="issueType"
        label={t('callRecords.file.issueType')}
        rules={[fieldRule(callDispositionInputSchema, 'issueType', locale)]}
        required
      >
        <Radio.Group type="button" size="small" data-testid="call-issue-type">
          {ISSUE_TYPES.map((value) => (
            <Radio key={value} value={value} data-testid={`call-issue-type-${value}`}>
              {callLabel(`call.issueType.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        field="resolutionStatus"
        label={t('callRecords.file.resolutionStatus')}
        rules={[fieldRule(callDispositionInputSchema, 'resolutionStatus', locale)]}
        required
      >
        <Radio.Group type="button" size="small" data-testid="call-resolution-status">
          {RESOLUTION_STATUSES.map((value) => (
            <Radio key={value} value={value} data-testid={`call-resolution-status-${value}`}>
              {callLabel(`call.resolutionStatus.${value}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item field="note" label={t('callRecords.file.note')} rules={[fieldRule(callDispositionInputSchema, 'note', locale)]}>
        <Input.TextArea
          placeholder={t('callRecords.file.notePlaceholder')}
          maxLength={SEAT_CALL_LIMITS.note}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="call-disposition-note"
        />
      </Form.Item>
      <div className="call-disposition-footer">
        {saved.by && saved.at && (
          <Typography.Text type="secondary" data-testid="call-disposition-saved">
            {t('callRecords.file.savedBy', { by: saved.by, at: time.format(saved.at) })}
          </Typography.Text>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="call-disposition-save">
          {t('common.save')}
        </Button>
      </div>
    </Form>
  );
}
