import { Button, Card, Form, Grid, Input, InputNumber, Message, Select, Space, Typography } from '@arco-design/web-react';
import {
  AUDIO_CHANNELS,
  AUDIO_PROFILES,
  BITRATE,
  DEFAULT_GROUP_FORM,
  FRAME_RATE,
  MEDIA_MODES,
  RESOLUTIONS,
  VIDEO_PROFILES,
  groupFormSchema,
  type GroupFormInput,
} from '@dialwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formFieldRule } from '../../forms/zod-rules.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { currentLocale } from '../../locale/index.ts';
import { templatesApi } from './api.ts';
import './templates.css';

function Field({
  field,
  label,
  children,
  rule,
}: {
  field: string;
  label: string;
  children: ReactNode;
  rule: ReturnType<typeof formFieldRule>;
}) {
  return (
    <Grid.Col xs={24} md={12} lg={8}>
      <Form.Item field={field} label={label} rules={[rule]}>
        {children}
      </Form.Item>
    </Grid.Col>
  );
}

/** The group form: the company's media parameters; a save waits for an ADMIN's approval on the basic profile. */
export default function GroupFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const locale = currentLocale();
  const [form] = Form.useForm<GroupFormInput>();
  const profile = useQuery({ queryKey: ['profile-basic'], queryFn: templatesApi.basicProfile });
  const save = useMutation({
    mutationFn: templatesApi.submitGroup,
    onSuccess: () => {
      Message.success(t('gf.saved'));
      void client.invalidateQueries({ queryKey: ['profile-basic'] });
    },
    onError: (error) => markServerErrors(form, error),
  });
  const rule = (field: string) => formFieldRule(groupFormSchema, field, locale, () => form.getFieldsValue());
  const options = <V extends string>(values: readonly V[], prefix: string) => values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  const resolutions = RESOLUTIONS.map((v) => ({ value: v, label: v }));
  // No min/max on the inputs: a number out of range is shown with the rule's message rather than silently clamped.
  const fps = <InputNumber precision={0} suffix="fps" placeholder={`${FRAME_RATE.min}–${FRAME_RATE.max}`} />;
  const kbps = (testId?: string) => (
    <InputNumber precision={0} suffix="kbps" placeholder={`${BITRATE.min}–${BITRATE.max}`} data-testid={testId} />
  );

  if (profile.isLoading) return <Card loading />;
  const initial = profile.data?.latest?.settings ?? DEFAULT_GROUP_FORM;

  return (
    <div data-testid="group-form">
      <Form form={form} layout="vertical" initialValues={initial} onSubmit={(values) => save.mutate(values)}>
        <Card className="wp-card" title={t('gf.video')}>
          <Grid.Row gutter={24}>
            <Field field="video.mode" label={t('gf.mode')} rule={rule('video.mode')}>
              <Select options={options(MEDIA_MODES, 'gf.mode')} />
            </Field>
            <Field field="video.acquisition.resolution" label={t('gf.acquisition.resolution')} rule={rule('video.acquisition.resolution')}>
              <Select options={resolutions} />
            </Field>
            <Field field="video.acquisition.frameRate" label={t('gf.acquisition.frameRate')} rule={rule('video.acquisition.frameRate')}>
              {fps}
            </Field>
            <Field field="video.encoding.resolution" label={t('gf.encoding.resolution')} rule={rule('video.encoding.resolution')}>
              <Select options={resolutions} />
            </Field>
            <Field field="video.encoding.rate.min" label={t('gf.encoding.rateMin')} rule={rule('video.encoding.rate.min')}>
              {kbps('gf-rate-min')}
            </Field>
            <Field field="video.encoding.rate.max" label={t('gf.encoding.rateMax')} rule={rule('video.encoding.rate.max')}>
              {kbps()}
            </Field>
            <Field field="video.encoding.rate.default" label={t('gf.encoding.rateDefault')} rule={rule('video.encoding.rate')}>
              {kbps()}
            </Field>
            <Field field="video.encoding.frameRate" label={t('gf.encoding.frameRate')} rule={rule('video.encoding.frameRate')}>
              {fps}
            </Field>
            <Field field="video.encoding.profile" label={t('gf.encoding.profile')} rule={rule('video.encoding.profile')}>
              <Select options={VIDEO_PROFILES.map((v) => ({ value: v, label: v }))} />
            </Field>
          </Grid.Row>
        </Card>
        <Card className="wp-card" title={t('gf.audio')}>
          <Grid.Row gutter={24}>
            <Field field="audio.mode" label={t('gf.mode')} rule={rule('audio.mode')}>
              <Select options={options(MEDIA_MODES, 'gf.mode')} />
            </Field>
            <Field field="audio.acquisition.channels" label={t('gf.acquisition.channels')} rule={rule('audio.acquisition.channels')}>
              <Select options={options(AUDIO_CHANNELS, 'gf.channels')} />
            </Field>
            <Field field="audio.encoding.channels" label={t('gf.encoding.channels')} rule={rule('audio.encoding.channels')}>
              <Select options={options(AUDIO_CHANNELS, 'gf.channels')} />
            </Field>
            <Field field="audio.encoding.rate" label={t('gf.encoding.rate')} rule={rule('audio.encoding.rate')}>
              {kbps('gf-audio-rate')}
            </Field>
            <Field field="audio.encoding.profile" label={t('gf.encoding.profile')} rule={rule('audio.encoding.profile')}>
              <Select options={AUDIO_PROFILES.map((v) => ({ value: v, label: v.toUpperCase() }))} />
            </Field>
          </Grid.Row>
        </Card>
        <Card className="wp-card" title={t('gf.explanation')}>
          <Form.Item field="explanation" rules={[rule('explanation')]}>
            <Input.TextArea maxLength={200} showWordLimit placeholder={t('gf.explanation.placeholder')} />
          </Form.Item>
        </Card>
        <Card className="wp-card gf-actions">
          <Space>
            <Typography.Text type="secondary">{t('gf.approvalHint')}</Typography.Text>
            <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
            <Button onClick={() => navigate('/profile/basic')}>{t('gf.viewProfile')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="gf-save">
              {t('common.save')}
            </Button>
          </Space>
        </Card>
      </Form>
    </div>
  );
}
