import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Grid,
  Input,
  InputNumber,
  InputTag,
  Message,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  TimePicker,
  Typography,
} from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REDIAL_LIMITS, WEEKDAYS, canApply, formatIssue, taskInputSchema, type TaskInput } from '@dialwise/contracts';
import { RequestFailure } from '../../api/client.ts';
import { formFieldRule } from '../../forms/zod-rules.ts';
import { checkForm } from '../../forms/check-form.ts';
import { StaleEditNotice, useStaleEdit } from '../../forms/stale-edit.tsx';
import { currentLocale } from '../../locale/index.ts';
import { usePageRoute } from '../shell/route-params.ts';
import { getProjectOfPage, projectKeys } from '../projects/api.ts';
import { ProjectNotFound } from '../projects/ProjectNotFound.tsx';
import { createTask, getTaskOfPage, getTaskOptions, taskKeys, updateTask } from './api.ts';
import { PrologueList } from './PrologueList.tsx';
import { AmdSettings } from './AmdSettings.tsx';
import { NEW_TASK_VALUES, formValuesOf, inputOf, type TaskFormValues } from './task-form-values.ts';

const { Row, Col } = Grid;

/** Fields whose rules depend on other fields: re-checked together once the user has tried to save. */
const LINKED_FIELDS = [
  'callStart',
  'callEnd',
  'advanced.prologues',
  'advanced.pauseSeconds',
  'advanced.silenceThresholdSeconds',
  'advanced.silenceMaxAttempts',
  'advanced.silenceWords',
  'advanced.timeoutHangupSeconds',
  'advanced.timeoutReply',
  'advanced.amd.message',
  'advanced.amd.thresholds.totalAnalysisMs',
];

/** New task and edit task (rules from contracts; the server checks them again). */
export default function TaskFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = currentLocale();
  const route = usePageRoute();
  const projectId = route.params.projectID ?? '';
  const taskId = route.params.taskID;
  const editing = route.name === 'editTask' && Boolean(taskId);
  // Untyped: the form addresses nested fields by path ('advanced.pauseSeconds'), which Arco's typing does not know.
  const [form] = Form.useForm();
  const [tried, setTried] = useState(false);
  const savingAs = useRef<TaskInput['saveAs']>('task');
  const mode = Form.useWatch('concurrency.mode', form) as string | undefined;
  const redialCount = Number(Form.useWatch('redial.count', form) ?? 0);

  // A project that is not the caller's (deleted, mistyped, another company's) gets the one not-found state.
  const project = useQuery({
    queryKey: projectKeys.one(projectId),
    queryFn: () => getProjectOfPage(projectId),
    enabled: Boolean(projectId),
    retry: false,
  });
  const options = useQuery({ queryKey: taskKeys.options, queryFn: getTaskOptions });
  const existing = useQuery({
    queryKey: taskKeys.one(taskId ?? ''),
    queryFn: () => getTaskOfPage(taskId!),
    enabled: editing && project.isSuccess,
    retry: false,
  });
  // A reload after a conflict reads the task again; the form refills from it (below) with its version.
  const edit = useStaleEdit(existing.data ?? null, async (task) => (await existing.refetch()).data ?? task);

  // Filled once per task and version (a load, a save, a reload after a conflict), never by a refetch of the
  // same version: the list's invalidation after a save refetched the task late on a busy machine and reset the
  // form under the next edit's first clicks (its folded thresholds closed again, typed values lost).
  const loadedVersion = existing.data?.version;
  useEffect(() => {
    setTried(false);
    form.resetFields();
    if (!editing) form.setFieldsValue(NEW_TASK_VALUES);
    else if (existing.data) form.setFieldsValue(formValuesOf(existing.data));
  }, [editing, taskId, loadedVersion, form]);

  const backToList = () => navigate(`/project/taskList/${projectId}`);
  const save = useMutation({
    mutationFn: (input: TaskInput) =>
      editing ? updateTask({ ...input, id: taskId!, version: edit.entity?.version ?? 0 }) : createTask({ ...input, projectId }),
    onSuccess: (saved) => {
      Message.success(t(editing ? 'taskForm.saved' : 'taskForm.created'));
      // The edit page stays mounted in its tab: it holds what was saved (and its new version) at once, so the
      // refetch below brings the same task and does not refill the form under the next edit's first clicks.
      if (editing) queryClient.setQueryData(taskKeys.one(taskId!), saved);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      // The new-task page stays mounted in its tab: the next visit starts from a clean form.
      if (!editing) {
        form.resetFields();
        form.setFieldsValue(NEW_TASK_VALUES);
        setTried(false);
      }
      void backToList();
    },
    onError: (error) => {
      if (edit.caught(error)) return;
      // The server names refused fields (a scenario no longer granted, a schema rule): show them in place.
      const fields =
        (error instanceof RequestFailure ? (error.data as { fields?: { path: string; message?: string }[] } | null)?.fields : undefined) ??
        [];
      if (fields.length > 0) {
        form.setFields(Object.fromEntries(fields.map((field) => [field.path, { error: { message: field.message ?? error.message } }])));
      }
    },
  });

  const submit = async (saveAs: TaskInput['saveAs']) => {
    savingAs.current = saveAs;
    setTried(true);
    // checkForm scrolls to the first refused field (Arco has marked each one).
    if ((await checkForm(form)) === null) {
      Message.warning(t('taskForm.fixErrors'));
      return;
    }
    const parsed = taskInputSchema.safeParse(inputOf(form.getFieldsValue() as Partial<TaskFormValues>, saveAs));
    if (parsed.success) {
      save.mutate(parsed.data);
      return;
    }
    // The fields' own rules passed but the whole input did not: never fail silently — mark each field the
    // schema refused, scroll to the first, and say so.
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), { error: { message: formatIssue(issue, locale) } }]),
    );
    form.setFields(fields);
    const first = Object.keys(fields)[0];
    if (first) form.scrollToField(first);
    Message.error(t('taskForm.fixErrors'));
  };

  const values = () => inputOf(form.getFieldsValue() as Partial<TaskFormValues>, savingAs.current);
  const rule = (field: string, nested = false) => formFieldRule(taskInputSchema, field, locale, values, { nested });
  const item = (field: string, label: string, extra: Record<string, unknown> = {}) => ({
    field,
    label,
    rules: [rule(field, field === 'advanced.prologues')],
    validateTrigger: ['onChange', 'onBlur'],
    ...extra,
  });

  const status = existing.data?.status;
  const locked = editing && status !== undefined && !canApply('edit', status);
  const noLines = options.data && options.data.sipLines.length === 0;
  const seconds = <span className="input-suffix">{t('taskForm.seconds')}</span>;

  const title = (
    <Space size={12}>
      <Button icon={<IconLeft />} size="small" shape="circle" onClick={backToList} aria-label={t('tasks.back')} />
      <span data-testid="task-form-title">
        {t(editing ? 'taskForm.editTitle' : 'taskForm.newTitle')}
        {project.data ? ` · ${project.data.name}` : ''}
      </span>
    </Space>
  );

  if (project.isError) {
    return (
      <Card title={title} className="form-card" data-testid="task-form">
        <ProjectNotFound error={project.error} />
      </Card>
    );
  }

  // A task that is not there, or not this project's, is missing like a project: the same state.
  if (editing && (existing.isError || (existing.data && existing.data.projectId !== projectId))) {
    return (
      <Card title={title} className="form-card" data-testid="task-form">
        <ProjectNotFound error={existing.isError ? existing.error : null} what="task" />
      </Card>
    );
  }

  if (editing && existing.isLoading)
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );

  return (
    <div className="task-form-page" data-testid="task-form">
      <Form
        form={form}
        layout="vertical"
        disabled={locked}
        scrollToFirstError
        onValuesChange={() => {
          if (tried) void form.validate(LINKED_FIELDS).catch(() => undefined);
        }}
      >
        <Card title={title} className="form-card">
          <StaleEditNotice edit={edit} />
          {locked && status && (
            <Alert
              type="warning"
              style={{ marginBottom: 16 }}
              content={t('taskForm.notEditable', { status: t(`tasks.status.${status}`) })}
            />
          )}
          <Typography.Title heading={6} className="form-section-title">
            {t('taskForm.section.basic')}
          </Typography.Title>
          <Row gutter={24}>
            <Col xs={24} md={12} lg={8}>
              <Form.Item {...item('name', t('taskForm.name'))}>
                <Input
                  placeholder={t('taskForm.namePlaceholder')}
                  data-testid="task-name"
                  showWordLimit
                  maxLength={{ length: 20, errorOnly: true }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8}>
              <Form.Item
                {...item('scenarioId', t('taskForm.scenario'), {
                  extra: options.data?.scenarios.length === 0 ? t('taskForm.noOptions') : undefined,
                })}
              >
                <Select
                  showSearch
                  loading={options.isLoading}
                  data-testid="task-scenario"
                  placeholder={t('taskForm.scenario')}
                  options={(options.data?.scenarios ?? []).map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8}>
              <Form.Item
                {...item('voiceId', t('taskForm.voice'), {
                  extra: options.data?.voices.length === 0 ? t('taskForm.noOptions') : undefined,
                })}
              >
                <Select
                  showSearch
                  loading={options.isLoading}
                  data-testid="task-voice"
                  placeholder={t('taskForm.voice')}
                  options={(options.data?.voices ?? []).map((v) => ({ value: v.id, label: v.nickname }))}
                />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title heading={6} className="form-section-title">
            {t('taskForm.section.calling')}
          </Typography.Title>
          <Row gutter={24}>
            <Col xs={24} lg={16}>
              <Form.Item {...item('sipLineIds', t('taskForm.lines'), { extra: noLines ? t('taskForm.noLines') : undefined })}>
                <Select mode="multiple" allowClear loading={options.isLoading} data-testid="task-lines" placeholder={t('taskForm.lines')}>
                  {(options.data?.sipLines ?? []).map((line) => (
                    <Select.Option key={line.id} value={line.id}>
                      {t('taskForm.lineOption', { alias: line.alias, count: line.concurrency })}
                      {line.status !== 'enabled' && (
                        <Tag size="small" color="gray" style={{ marginLeft: 6 }}>
                          {t('taskForm.lineDisabled')}
                        </Tag>
                      )}
                    </Select.Option>
                  ))}
                </Select>
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item {...item('callStart', t('taskForm.callStart'))}>
                <TimePicker format="HH:mm" style={{ width: '100%' }} allowClear={false} data-testid="task-call-start" />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item {...item('callEnd', t('taskForm.callEnd'))}>
                <TimePicker format="HH:mm" style={{ width: '100%' }} allowClear={false} data-testid="task-call-end" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16}>
              <Form.Item {...item('weekdays', t('taskForm.weekdays'))}>
                <Checkbox.Group
                  options={WEEKDAYS.map((day) => ({ value: day, label: t(`tasks.weekday.${day}`) }))}
                  data-testid="task-weekdays"
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item field="autoDial" label={t('taskForm.autoDial')} triggerPropName="checked" extra={t('taskForm.autoDialHelp')}>
                <Switch data-testid="task-auto-dial" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16}>
              <Form.Item field="localTime" label={t('taskForm.localTime')} triggerPropName="checked" extra={t('taskForm.localTimeHelp')}>
                <Switch data-testid="task-local-time" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16}>
              <Space align="start" size={24} wrap>
                <Form.Item
                  {...item('concurrency.mode', t('taskForm.concurrency'))}
                  extra={
                    mode === 'auto'
                      ? t('taskForm.concurrency.autoHelp')
                      : mode === 'unset'
                        ? t('taskForm.concurrency.unsetHelp')
                        : undefined
                  }
                >
                  <Radio.Group type="button" data-testid="task-concurrency">
                    {(['auto', 'manual', 'unset'] as const).map((m) => (
                      <Radio key={m} value={m} data-testid={`task-concurrency-${m}`}>
                        {t(`taskForm.concurrency.${m}`)}
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
                {mode === 'manual' && (
                  <Form.Item {...item('concurrency.count', t('taskForm.concurrencyCount'))}>
                    <InputNumber style={{ width: 160 }} precision={0} data-testid="task-concurrency-count" />
                  </Form.Item>
                )}
              </Space>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item {...item('ignoreTags', t('taskForm.ignoreTags'))}>
                <InputTag allowClear saveOnBlur placeholder={t('taskForm.ignoreTagsPlaceholder')} data-testid="task-ignore-tags" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Space align="start" size={24} wrap>
                <Form.Item {...item('redial.count', t('taskForm.redialCount'))} extra={t('taskForm.redialHelp')}>
                  <InputNumber
                    style={{ width: 160 }}
                    precision={0}
                    min={REDIAL_LIMITS.count.min}
                    max={REDIAL_LIMITS.count.max}
                    data-testid="task-redial-count"
                  />
                </Form.Item>
                {redialCount > 0 && (
                  <Form.Item {...item('redial.gapMinutes', t('taskForm.redialGap'))}>
                    <InputNumber style={{ width: 160 }} precision={0} suffix={t('taskForm.minutes')} data-testid="task-redial-gap" />
                  </Form.Item>
                )}
              </Space>
            </Col>
          </Row>
        </Card>

        <Card
          className="form-card"
          title={t('taskForm.section.advanced')}
          extra={<Typography.Text type="secondary">{t('taskForm.together')}</Typography.Text>}
        >
          <Row gutter={24}>
            <Col xs={24} lg={16}>
              <Form.Item {...item('advanced.prologues', t('taskForm.prologues'))}>
                <PrologueList />
              </Form.Item>
            </Col>
            <Col xs={24} lg={8}>
              <Form.Item {...item('advanced.pauseSeconds', t('taskForm.pauseSeconds'))}>
                <InputNumber precision={0} suffix={seconds} placeholder="1–10" data-testid="task-pause" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text bold className="form-group-title">
            {t('taskForm.silence')}
          </Typography.Text>
          <Row gutter={24}>
            <Col xs={12} lg={4}>
              <Form.Item {...item('advanced.silenceThresholdSeconds', t('taskForm.silenceThreshold'))}>
                <InputNumber precision={0} suffix={seconds} data-testid="task-silence-threshold" />
              </Form.Item>
            </Col>
            <Col xs={12} lg={4}>
              <Form.Item {...item('advanced.silenceMaxAttempts', t('taskForm.silenceMaxAttempts'))}>
                <InputNumber
                  precision={0}
                  suffix={<span className="input-suffix">{t('taskForm.times')}</span>}
                  data-testid="task-silence-attempts"
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16}>
              <Form.Item {...item('advanced.silenceWords', t('taskForm.silenceWords'))}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} data-testid="task-silence-words" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text bold className="form-group-title">
            {t('taskForm.timeout')}
          </Typography.Text>
          <Row gutter={24}>
            <Col xs={24} lg={8}>
              <Form.Item {...item('advanced.timeoutHangupSeconds', t('taskForm.timeoutSeconds'))}>
                <InputNumber precision={0} suffix={seconds} data-testid="task-timeout-seconds" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={16}>
              <Form.Item {...item('advanced.timeoutReply', t('taskForm.timeoutReply'))}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} data-testid="task-timeout-reply" />
              </Form.Item>
            </Col>
          </Row>
          <AmdSettings form={form} item={item} />
        </Card>
      </Form>

      <div className="form-actions">
        <Space>
          <Button onClick={backToList}>{t('common.cancel')}</Button>
          {!editing && (
            <Button onClick={() => void submit('template')} disabled={save.isPending} data-testid="task-save-template">
              {t('taskForm.saveTemplate')}
            </Button>
          )}
          {!editing && (
            <Button onClick={() => void submit('draft')} disabled={save.isPending} data-testid="task-save-draft">
              {t('taskForm.saveDraft')}
            </Button>
          )}
          <Button type="primary" loading={save.isPending} disabled={locked} onClick={() => void submit('task')} data-testid="task-save">
            {t('common.save')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
