import { Button, DatePicker, Form, Input, InputNumber, Select, Space, type SelectProps } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALL_KINDS,
  CALL_RECORD_STATUSES,
  TRANSFER_OUTCOMES,
  type CallRecordFilterInput,
  type CallRecordOptions,
} from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { useTimeZone } from '../../locale/company-time.tsx';
import { isoToWallTime } from '../../locale/date-time.ts';
import { callRecordKeys, callRecordOptions } from './api.ts';
import { callLabel } from './CallTags.tsx';
import { filterErrors, toFilter, type FilterValues } from './filter-values.ts';

interface Props {
  /** The filter in force (the route's project/task and the default days on arrival). */
  value: CallRecordFilterInput;
  options: CallRecordOptions | undefined;
  onSearch(filter: CallRecordFilterInput): void;
  /** Back to the defaults: every project, the last seven days. */
  onReset(): void;
}

/**
 * The search form above the table. The values are checked with the contracts filter schema before any
 * request (time range and duration range the right way round, each message naming its field), exactly
 * as the server checks them.
 */
export function CallRecordFilters({ value, options, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const [form] = Form.useForm<FilterValues>();
  const [more, setMore] = useState(false);
  const [durationError, setDurationError] = useState<string | undefined>();
  const projectId = Form.useWatch('projectId', form) as string | undefined;
  const tasks = useQuery({
    queryKey: callRecordKeys.options(projectId),
    queryFn: () => callRecordOptions(projectId),
    enabled: Boolean(projectId),
  });

  useEffect(() => {
    form.setFieldsValue({
      projectId: value.projectId,
      taskId: value.taskId,
      phone: value.phone,
      timeRange:
        value.startTime || value.endTime
          ? [isoToWallTime(value.startTime, zone) ?? '', isoToWallTime(value.endTime, zone) ?? '']
          : undefined,
      status: value.status,
      minDuration: value.minDuration as number | undefined,
      maxDuration: value.maxDuration as number | undefined,
      tags: value.tags as string[] | undefined,
      transferOutcome: value.transferOutcome,
      kind: value.kind,
    });
  }, [value, form, zone]);

  const submit = () => {
    const values = form.getFieldsValue();
    const errors = filterErrors(values, currentLocale(), zone);
    const fields = ['timeRange', 'phone', 'projectId', 'taskId'] as const;
    form.setFields(Object.fromEntries(fields.map((field) => [field, { error: errors[field] ? { message: errors[field] } : undefined }])));
    setDurationError(errors.minDuration ?? errors.maxDuration);
    if (Object.keys(errors).length > 0) {
      if (errors.minDuration || errors.maxDuration || errors.transferOutcome || errors.tags || errors.kind) setMore(true);
      return;
    }
    onSearch(toFilter(values, zone));
  };
  const reset = () => {
    form.resetFields();
    form.setFields({ timeRange: { error: undefined } });
    setDurationError(undefined);
    onReset();
  };

  const statusOptions = CALL_RECORD_STATUSES.map((status) => ({ label: callLabel(`call.state.${status}`), value: status }));
  const tagOptions = (options?.tags ?? []).map((tag) => ({ label: tag.name, value: tag.alias }));
  const kindOptions = CALL_KINDS.map((kind) => ({ label: callLabel(`call.kind.${kind}`), value: kind }));
  const transferOptions = TRANSFER_OUTCOMES.map((outcome) => ({ label: callLabel(`call.transfer.${outcome}`), value: outcome }));

  return (
    <Form form={form} layout="inline" className="search-form call-filters" onSubmit={submit} data-testid="call-records-filters">
      <Form.Item label={t('callRecords.filter.project')} field="projectId">
        {/* Remounted once the options arrive: a value set before them (the route's project) would otherwise
            keep showing its raw id. */}
        <Select
          key={options ? 'project-ready' : 'project-loading'}
          allowClear
          showSearch
          placeholder={t('callRecords.filter.allProjects')}
          style={{ width: 200 }}
          data-testid="call-filter-project"
          onChange={() => form.setFieldValue('taskId', undefined)}
          options={(options?.projects ?? []).map((project) => ({ label: project.name, value: project.id }))}
        />
      </Form.Item>
      <Form.Item label={t('callRecords.filter.task')} field="taskId">
        <Select
          key={tasks.data ? 'task-ready' : 'task-loading'}
          allowClear
          showSearch
          placeholder={t('callRecords.filter.allTasks')}
          style={{ width: 180 }}
          disabled={!projectId}
          data-testid="call-filter-task"
          loading={tasks.isFetching}
          options={(tasks.data?.tasks ?? []).map((task) => ({ label: task.name, value: task.id }))}
        />
      </Form.Item>
      <Form.Item label={t('common.phoneNumber')} field="phone">
        <Input
          allowClear
          placeholder={t('callRecords.filter.phonePlaceholder')}
          style={{ width: 170 }}
          onPressEnter={submit}
          data-testid="call-filter-phone"
        />
      </Form.Item>
      <Form.Item label={t('callRecords.filter.time')} field="timeRange">
        <DatePicker.RangePicker showTime style={{ width: 360 }} format="YYYY-MM-DD HH:mm:ss" data-testid="call-filter-time" />
      </Form.Item>
      <ChoiceItem label={t('common.status')} field="status" width={130} testId="call-filter-status" options={statusOptions} />
      {more && (
        <>
          {/* One item for both ends (they read as one range); the range's own message shows under it. */}
          <Form.Item
            label={t('callRecords.filter.duration')}
            className="call-duration-item"
            validateStatus={durationError ? 'error' : undefined}
            help={durationError}
          >
            <Space size={4}>
              <DurationEnd end="min" />
              <span className="call-range-dash">–</span>
              <DurationEnd end="max" />
            </Space>
          </Form.Item>
          <ChoiceItem
            label={t('callRecords.filter.tags')}
            field="tags"
            width={240}
            testId="call-filter-tags"
            mode="multiple"
            maxTagCount={2}
            options={tagOptions}
          />
          <ChoiceItem
            label={t('callRecords.filter.transfer')}
            field="transferOutcome"
            width={190}
            testId="call-filter-transfer"
            options={transferOptions}
          />
          <ChoiceItem label={t('callRecords.filter.kind')} field="kind" width={190} testId="call-filter-kind" options={kindOptions} />
        </>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" icon={<IconSearch />} onClick={submit} data-testid="call-filter-submit">
            {t('common.search')}
          </Button>
          <Button icon={<IconRefresh />} onClick={reset} data-testid="call-filter-reset">
            {t('common.reset')}
          </Button>
          <Button type="text" onClick={() => setMore((m) => !m)} data-testid="call-filter-more">
            {t(more ? 'callRecords.less' : 'callRecords.more')} {more ? <IconUp /> : <IconDown />}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A labelled filter choosing among `options` ("all" while cleared), `width` pixels wide. */
function ChoiceItem({
  label,
  field,
  width,
  testId,
  ...select
}: { label: string; field: keyof FilterValues; width: number; testId: string } & Pick<SelectProps, 'options' | 'mode' | 'maxTagCount'>) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} field={field}>
      <Select allowClear placeholder={t('common.all')} style={{ width }} data-testid={testId} {...select} />
    </Form.Item>
  );
}

/** One end of the duration range, in whole seconds. */
function DurationEnd({ end }: { end: 'min' | 'max' }) {
  const { t } = useTranslation();
  return (
    <Form.Item field={`${end}Duration`} noStyle>
      <InputNumber
        min={0}
        precision={0}
        placeholder={t(`callRecords.filter.${end}`)}
        style={{ width: 96 }}
        data-testid={`call-filter-${end}-duration`}
      />
    </Form.Item>
  );
}
