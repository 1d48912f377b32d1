import { Collapse, Form, Grid, Input, InputNumber, Radio, Switch, Typography, type FormInstance } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { AMD_DEFAULTS, AMD_LIMITS, AMD_MACHINE_ACTIONS, amdThresholdsSchema } from '@dialwise/contracts';

const { Row, Col } = Grid;

type ItemProps = (field: string, label: string, extra?: Record<string, unknown>) => Record<string, unknown>;

/** The detector's thresholds, in the order the stages run (docs/amd.md). */
const THRESHOLDS = [
  'initialSilenceMs',
  'greetingMs',
  'afterGreetingSilenceMs',
  'minWordMs',
  'betweenWordsSilenceMs',
  'maxWords',
  'totalAnalysisMs',
] as const;

/**
 * Answering-machine detection in the task's advanced settings: on/off, what to do when a machine answers
 * (hang up, leave the message after the beep, go on as with a person), the message, and the detector's
 * thresholds (folded: the defaults suit most lines). Announcements always mark the number invalid.
 */
export function AmdSettings({ form, item }: { form: FormInstance; item: ItemProps }) {
  const { t } = useTranslation();
  const enabled = Boolean(Form.useWatch('advanced.amd.enabled', form));
  const action = Form.useWatch('advanced.amd.onMachine', form) as string | undefined;
  const toggle = (on: boolean) => {
    // Switching it on for the first time starts from the documented defaults, so saving at once is valid.
    if (on && form.getFieldValue('advanced.amd.thresholds.greetingMs') === undefined) {
      form.setFieldsValue({ advanced: { amd: { enabled: true, onMachine: 'hangup', thresholds: amdThresholdsSchema.parse({}) } } });
    }
  };
  return (
    <>
      <Typography.Text bold className="form-group-title">
        {t('taskForm.amd')}
      </Typography.Text>
      <Row gutter={24}>
        <Col xs={24} lg={8}>
          <Form.Item
            field="advanced.amd.enabled"
            label={t('taskForm.amd.enabled')}
            triggerPropName="checked"
            extra={t('taskForm.amd.help')}
          >
            <Switch onChange={toggle} data-testid="task-amd-enabled" />
          </Form.Item>
        </Col>
        {enabled && (
          <Col xs={24} lg={16}>
            <Form.Item {...item('advanced.amd.onMachine', t('taskForm.amd.onMachine'))}>
              <Radio.Group data-testid="task-amd-action">
                {AMD_MACHINE_ACTIONS.map((value) => (
                  <Radio key={value} value={value}>
                    {t(`taskForm.amd.action.${value}`)}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
        )}
      </Row>
      {enabled && action === 'leave_message' && (
        <Form.Item {...item('advanced.amd.message', t('taskForm.amd.message'))} extra={t('taskForm.amd.messageHelp')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={AMD_LIMITS.message}
            showWordLimit
            data-testid="task-amd-message"
          />
        </Form.Item>
      )}
      {enabled && (
        <Form.Item label={t('taskForm.amd.onAnnouncement')} extra={t('taskForm.amd.announcement')}>
          <Typography.Text data-testid="task-amd-announcement">{t('taskForm.amd.markInvalid')}</Typography.Text>
        </Form.Item>
      )}
      {enabled && (
        <Collapse bordered={false} style={{ marginBottom: 16 }}>
          <Collapse.Item name="thresholds" header={t('taskForm.amd.thresholds')}>
            <Row gutter={24}>
              {THRESHOLDS.map((key) => (
                <Col xs={12} lg={6} key={key}>
                  <Form.Item
                    {...item(`advanced.amd.thresholds.${key}`, t(`taskForm.amd.${key}`))}
                    extra={t('taskForm.amd.default', { value: AMD_DEFAULTS[key] })}
                  >
                    <InputNumber
                      precision={0}
                      min={AMD_LIMITS[key].min}
                      max={AMD_LIMITS[key].max}
                      suffix={key === 'maxWords' ? undefined : <span className="input-suffix">ms</span>}
                      data-testid={`task-amd-${key}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Collapse.Item>
        </Collapse>
      )}
    </>
  );
}
