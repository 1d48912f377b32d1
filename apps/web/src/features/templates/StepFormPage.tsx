import { Button, Card, DatePicker, Form, Input, InputTag, Result, Select, Space, Steps, Switch, Typography } from '@arco-design/web-react';
import {
  ACTIVITY_NAME_MAX,
  ADVERTISING_WORDS_MAX,
  CHANNEL_TYPES,
  channelFieldsSchema,
  channelFormSchema,
  countWords,
  type ChannelFormInput,
} from '@dialwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRule, formFieldRule } from '../../forms/zod-rules.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { currentLocale } from '../../locale/index.ts';
import { templatesApi } from './api.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { addDays, dayIn } from '../../locale/date-time.ts';
import './templates.css';

const STEP_FIELDS = [
  ['activityName', 'channelType', 'promotionTime', 'promoteLink'],
  ['advertisingSource', 'advertisingMedia', 'keywords', 'pushNotify', 'advertisingContent'],
] as const;

/** A month from today (the company's today), the usual length of a promotion. */
function defaultPromotion(timeZone: string): [string, string] {
  const today = dayIn(new Date(), timeZone);
  return [today, addDays(today, 30)];
}

/** The step form: base info → channel info → finish; every step's fields are checked by the server's schema before moving on. */
export default function StepFormPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const locale = currentLocale();
  const [form] = Form.useForm<ChannelFormInput>();
  const [step, setStep] = useState(0);
  const [saved, setSaved] = useState<{ id: string; createdTime: string; name: string } | null>(null);
  const content = Form.useWatch('advertisingContent', form) as string | undefined;
  const submit = useMutation({
    mutationFn: templatesApi.submitChannel,
    onSuccess: (result, input) => {
      setSaved({ ...result, name: input.activityName });
      setStep(2);
    },
    onError: (error) => markServerErrors(form, error),
  });
  const rule = (field: keyof typeof channelFieldsSchema.shape) => [fieldRule(channelFieldsSchema, field, locale)];

  const next = async () => {
    await form.validate([...STEP_FIELDS[step]!]);
    if (step === 0) setStep(1);
    else submit.mutate(form.getFieldsValue() as ChannelFormInput);
  };
  const again = () => {
    form.resetFields();
    setSaved(null);
    setStep(0);
  };

  return (
    <Card data-testid="step-form" title={t('menu.step')}>
      <Steps current={step + 1} className="step-form-steps">
        <Steps.Step title={t('sf.step.base')} description={t('sf.step.base.desc')} />
        <Steps.Step title={t('sf.step.channel')} description={t('sf.step.channel.desc')} />
        <Steps.Step title={t('sf.step.finish')} description={t('sf.step.finish.desc')} />
      </Steps>
      <Form
        form={form}
        className="step-form"
        labelCol={{ span: 7 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ channelType: 'app', keywords: [], pushNotify: true, promotionTime: defaultPromotion(time.zone) }}
        style={{ display: step === 2 ? 'none' : undefined }}
      >
        <div hidden={step !== 0}>
          <Form.Item
            field="activityName"
            label={t('sf.activityName')}
            rules={rule('activityName')}
            extra={t('sf.activityName.help', { max: ACTIVITY_NAME_MAX })}
          >
            <Input placeholder={t('sf.activityName.placeholder')} data-testid="sf-activity-name" />
          </Form.Item>
          <Form.Item field="channelType" label={t('sf.channelType')} rules={rule('channelType')}>
            <Select options={CHANNEL_TYPES.map((v) => ({ value: v, label: t(`sf.channelType.${v}`) }))} />
          </Form.Item>
          <Form.Item
            field="promotionTime"
            label={t('sf.promotionTime')}
            rules={[
              fieldRule(channelFieldsSchema, 'promotionTime', locale),
              formFieldRule(channelFormSchema, 'promotionTime', locale, () => form.getFieldsValue()),
            ]}
          >
            <DatePicker.RangePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="sf-promotion-time" />
          </Form.Item>
          <Form.Item field="promoteLink" label={t('sf.promoteLink')} rules={rule('promoteLink')}>
            <Input placeholder="https://" data-testid="sf-promote-link" />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <Form.Item field="advertisingSource" label={t('sf.advertisingSource')} rules={rule('advertisingSource')}>
            <Input placeholder={t('sf.advertisingSource.placeholder')} data-testid="sf-source" />
          </Form.Item>
          <Form.Item field="advertisingMedia" label={t('sf.advertisingMedia')} rules={rule('advertisingMedia')}>
            <Input placeholder={t('sf.advertisingMedia.placeholder')} data-testid="sf-media" />
          </Form.Item>
          <Form.Item field="keywords" label={t('sf.keywords')} rules={rule('keywords')}>
            <InputTag allowClear saveOnBlur placeholder={t('sf.keywords.placeholder')} />
          </Form.Item>
          <Form.Item field="pushNotify" label={t('sf.pushNotify')} triggerPropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            field="advertisingContent"
            label={t('sf.advertisingContent')}
            rules={rule('advertisingContent')}
            extra={t('sf.words', { count: countWords(content ?? ''), max: ADVERTISING_WORDS_MAX })}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t('sf.advertisingContent.placeholder')}
              data-testid="sf-content"
            />
          </Form.Item>
        </div>
        <Form.Item label=" ">
          <Space>
            {step === 1 && <Button onClick={() => setStep(0)}>{t('sf.prev')}</Button>}
            <Button type="primary" onClick={() => void next().catch(() => undefined)} loading={submit.isPending} data-testid="sf-next">
              {step === 0 ? t('sf.next') : t('sf.submit')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {step === 2 && saved && (
        <Result
          status="success"
          title={t('sf.done', { name: saved.name })}
          subTitle={
            <>
              {t('sf.done.sub', { time: time.format(saved.createdTime) })} <TimeZoneNote />
            </>
          }
          data-testid="sf-done"
          extra={
            <Button type="primary" onClick={again}>
              {t('sf.again')}
            </Button>
          }
        >
          <Typography.Text type="secondary">{t('sf.done.id', { id: saved.id })}</Typography.Text>
        </Result>
      )}
    </Card>
  );
}
