import { Alert, Button, Descriptions, Link, Modal, Progress, Space, Table, Typography, Upload } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconFile } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  translate,
  type EncryptionType,
  type RejectedRow,
  type TaskListItem,
  type UploadProgress,
  type UploadResult,
} from '@dialwise/contracts';
import { RequestFailure } from '../../api/client.ts';
import { currentLocale } from '../../locale/index.ts';
import { projectKeys } from '../projects/api.ts';
import { taskKeys } from '../tasks/api.ts';
import { uploadSubtasks } from './api.ts';
import { checkCsvFile } from './check-file.ts';
import { downloadText, rejectedRowsCsv, templateCsv } from './csv-files.ts';

/** The upload's states: progress, success, error, aborted (plus the file being chosen). */
type Phase =
  | { kind: 'choose'; problem: string | null }
  | { kind: 'sending'; sent: number; total: number; progress: UploadProgress | null }
  | { kind: 'success'; result: UploadResult }
  | { kind: 'error'; message: string }
  | { kind: 'aborted' };

const REJECTED_SHOWN = 100;

function megabytes(bytes: number, locale: string): string {
  return `${(bytes / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}

/** Uploads one CSV of numbers into a task: checks it, sends it with progress, reports what was stored. */
export function UploadModal({
  task,
  encryptionType,
  onClose,
}: {
  task: TaskListItem | null;
  encryptionType?: EncryptionType;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose', problem: null });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (task) return;
    setFile(null);
    setPhase({ kind: 'choose', problem: null });
  }, [task]);

  const choose = async (chosen: File | undefined) => {
    setFile(chosen ?? null);
    if (!chosen) return setPhase({ kind: 'choose', problem: null });
    const problem = await checkCsvFile(chosen);
    setPhase({ kind: 'choose', problem: problem ? translate(problem.key, locale, problem.params) : null });
  };

  const start = async () => {
    if (!task || !file) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'sending', sent: 0, total: file.size, progress: null });
    try {
      const result = await uploadSubtasks(task.id, file, {
        signal: controller.signal,
        onSent: (sent, total) => setPhase((p) => (p.kind === 'sending' ? { ...p, sent, total } : p)),
        onProgress: (progress) => setPhase((p) => (p.kind === 'sending' ? { ...p, progress } : p)),
      });
      setPhase({ kind: 'success', result });
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['subtasks'] });
    } catch (error) {
      if (axios.isCancel(error) || controller.signal.aborted) setPhase({ kind: 'aborted' });
      else setPhase({ kind: 'error', message: error instanceof RequestFailure ? error.message : t('upload.failed') });
    } finally {
      abort.current = null;
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };
  const again = () => {
    setFile(null);
    setPhase({ kind: 'choose', problem: null });
  };

  const footer = (() => {
    switch (phase.kind) {
      case 'choose':
        return (
          <Space>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!file || Boolean(phase.problem)} onClick={() => void start()} data-testid="upload-start">
              {t('upload.start')}
            </Button>
          </Space>
        );
      case 'sending':
        return (
          <Button status="warning" onClick={() => abort.current?.abort()} data-testid="upload-cancel">
            {t('upload.cancel')}
          </Button>
        );
      default:
        return (
          <Space>
            <Button onClick={again} data-testid="upload-again">
              {t('upload.another')}
            </Button>
            <Button type="primary" onClick={close} data-testid="upload-close">
              {t('upload.close')}
            </Button>
          </Space>
        );
    }
  })();

  return (
    <Modal
      title={task ? t('upload.title', { task: task.name }) : ''}
      visible={Boolean(task)}
      onCancel={close}
      footer={footer}
      style={{ width: 720 }}
      maskClosable={phase.kind !== 'sending'}
      unmountOnExit
    >
      <div data-testid="upload-modal">
        {phase.kind === 'choose' && (
          <>
            <Typography.Paragraph type="secondary" className="upload-rules">
              {t('upload.rules')}
              {encryptionType && <> {t('upload.numbersAs', { type: t(`projects.enc.${encryptionType}`) })}</>}{' '}
              <Link onClick={() => downloadText('subtasks-template.csv', templateCsv())} icon={<IconDownload />}>
                {t('upload.template')}
              </Link>
            </Typography.Paragraph>
            <Upload
              drag
              accept=".csv,text/csv"
              autoUpload={false}
              showUploadList={false}
              data-testid="upload-picker"
              onChange={(list) => void choose(list.at(-1)?.originFile)}
              tip={t('upload.drop')}
            />
            {file && (
              <div className="upload-file" data-testid="upload-file">
                <IconFile />
                <Typography.Text className="upload-file-name" ellipsis>
                  {file.name}
                </Typography.Text>
                <Typography.Text type="secondary">{megabytes(file.size, locale)}</Typography.Text>
                <Button
                  type="text"
                  size="mini"
                  icon={<IconDelete />}
                  onClick={() => void choose(undefined)}
                  aria-label={t('common.cancel')}
                />
              </div>
            )}
            {phase.problem && <Alert type="error" content={phase.problem} style={{ marginTop: 12 }} data-testid="upload-problem" />}
          </>
        )}
        {phase.kind === 'sending' && <SendingView phase={phase} locale={locale} />}
        {phase.kind === 'success' && <ResultView result={phase.result} locale={locale} />}
        {phase.kind === 'error' && <Alert type="error" title={t('upload.failed')} content={phase.message} data-testid="upload-error" />}
        {phase.kind === 'aborted' && <Alert type="warning" content={t('upload.aborted')} data-testid="upload-aborted" />}
      </div>
    </Modal>
  );
}

function SendingView({ phase, locale }: { phase: Extract<Phase, { kind: 'sending' }>; locale: string }) {
  const { t } = useTranslation();
  const rows = phase.progress?.rows ?? 0;
  const sentAll = phase.total > 0 && phase.sent >= phase.total;
  const percent = phase.total > 0 ? Math.min(100, Math.round((phase.sent / phase.total) * 100)) : 0;
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <Typography.Text>
        {t('upload.sending', { sent: megabytes(phase.sent, locale), total: megabytes(phase.total, locale) })}
      </Typography.Text>
      <Progress percent={percent} status={sentAll ? 'success' : 'normal'} />
      {(sentAll || rows > 0) && (
        <Typography.Text type="secondary" data-testid="upload-rows">
          {phase.progress?.state === 'committing' ? t('upload.committing', { count: rows }) : t('upload.processing', { count: rows })}
        </Typography.Text>
      )}
    </div>
  );
}

function ResultView({ result, locale }: { result: UploadResult; locale: 'en-US' | 'zh-CN' }) {
  const { t } = useTranslation();
  const shown = result.rejected.slice(0, REJECTED_SHOWN);
  return (
    <div data-testid="upload-result">
      <Alert type="success" content={t('upload.success')} style={{ marginBottom: 16 }} />
      <Descriptions
        column={2}
        border
        size="small"
        data={[
          { label: t('upload.accepted'), value: <span data-testid="upload-accepted">{result.accepted.toLocaleString(locale)}</span> },
          { label: t('upload.duplicates'), value: <span data-testid="upload-duplicates">{result.duplicates.toLocaleString(locale)}</span> },
          { label: t('upload.rejected'), value: <span data-testid="upload-rejected">{result.rejectedCount.toLocaleString(locale)}</span> },
          { label: t('upload.pendingNow'), value: <span data-testid="upload-pending">{result.pendingCount.toLocaleString(locale)}</span> },
          {
            label: t('upload.ambiguousZones'),
            value: <span data-testid="upload-ambiguous-zones">{result.ambiguousZones.toLocaleString(locale)}</span>,
          },
          {
            label: t('upload.unplacedZones'),
            value: <span data-testid="upload-unplaced-zones">{result.unplacedZones.toLocaleString(locale)}</span>,
          },
        ]}
      />
      {result.tooManyExtraColumns && (
        <Alert type="warning" style={{ marginTop: 12 }} content={t('upload.tooManyColumns', { count: result.extraColumns.length })} />
      )}
      {result.rejectedCount > 0 && (
        <div className="upload-rejected">
          <div className="upload-rejected-head">
            <Typography.Text bold>{t('upload.rejectedList', { count: shown.length })}</Typography.Text>
            <Button
              size="small"
              icon={<IconDownload />}
              data-testid="upload-download-rejected"
              onClick={() => downloadText('rejected-rows.csv', rejectedRowsCsv(result.rejected, locale))}
            >
              {t('upload.downloadRejected')}
            </Button>
          </div>
          <Table<RejectedRow>
            size="small"
            rowKey={(row) => `${row.row}-${row.problem}`}
            data={shown}
            pagination={false}
            scroll={{ y: 220 }}
            columns={[
              { title: t('upload.col.row'), dataIndex: 'row', width: 70 },
              { title: t('upload.col.problem'), dataIndex: 'problem', render: (_, row) => translate(`row.${row.problem}`, locale) },
              { title: t('upload.col.column'), dataIndex: 'column', width: 120, render: (value: string | null) => value ?? '—' },
              { title: t('upload.col.value'), dataIndex: 'value', ellipsis: true },
            ]}
          />
        </div>
      )}
    </div>
  );
}
