import { Alert, Button, Input, Modal, Space, Tag, Typography } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LLM_TEST_DEFAULT_PROMPT, type Llm } from '@dialwise/contracts';
import { testLlm } from './api.ts';

/** Sends one short prompt to the model and shows its reply, or the provider's error, with latency and status. */
export function LlmTestModal({ llm, onClose }: { llm: Llm | null; onClose(): void }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState(LLM_TEST_DEFAULT_PROMPT);
  const run = useMutation({ mutationFn: (id: string) => testLlm({ id, prompt }) });
  const { reset } = run;

  useEffect(() => {
    if (llm) {
      setPrompt(LLM_TEST_DEFAULT_PROMPT);
      reset();
    }
  }, [llm, reset]);

  const result = run.data;
  return (
    <Modal
      title={llm ? t('llm.test.title', { name: llm.modelName }) : ''}
      visible={llm !== null}
      onCancel={onClose}
      footer={null}
      style={{ width: 640 }}
      unmountOnExit
    >
      <Typography.Paragraph type="secondary">{t('llm.test.intro')}</Typography.Paragraph>
      <Input.TextArea
        value={prompt}
        onChange={setPrompt}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        data-testid="llm-test-prompt"
        placeholder={t('llm.test.prompt')}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', margin: '12px 0' }}>
        <Button
          type="primary"
          icon={<IconSend />}
          loading={run.isPending}
          onClick={() => llm && run.mutate(llm.id)}
          data-testid="llm-test-run"
        >
          {run.isPending ? t('llm.test.running') : t('llm.test.run')}
        </Button>
      </div>
      {result && (
        <Alert
          type={result.ok ? 'success' : 'error'}
          data-testid={result.ok ? 'llm-test-ok' : 'llm-test-failed'}
          title={
            <Space>
              {t(result.ok ? 'llm.test.ok' : 'llm.test.failed')}
              <Tag size="small" data-testid="llm-test-latency">
                {t('llm.test.latency', { ms: result.latencyMs })}
              </Tag>
              {result.status !== null && (
                <Tag size="small" color={result.ok ? 'green' : 'red'}>
                  {t('llm.test.status', { status: result.status })}
                </Tag>
              )}
            </Space>
          }
          content={
            <div>
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}
                data-testid={result.ok ? 'llm-test-reply' : 'llm-test-error'}
              >
                {result.ok ? result.reply : result.error}
              </Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {t('llm.test.endpoint', { url: result.endpoint })}
              </Typography.Text>
            </div>
          }
        />
      )}
    </Modal>
  );
}
