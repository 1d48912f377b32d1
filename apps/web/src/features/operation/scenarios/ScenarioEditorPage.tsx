import { Alert, Badge, Button, Card, Form, Message, Result, Select, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconDownload, IconExclamationCircle, IconLeft, IconSave, IconUpload } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pathText, scenarioDocumentSchema } from '@dialwise/contracts';
import { RequestFailure } from '../../../api/client.ts';
import { currentLocale } from '../../../locale/index.ts';
import { StaleEditNotice, useStaleEdit } from '../../../forms/stale-edit.tsx';
import { usePageRoute } from '../../shell/route-params.ts';
import { TimeZoneNote, useCompanyTime } from '../../../locale/company-time.tsx';
import '../catalogue.css';
import { ScenarioBenchDrawer } from './bench/ScenarioBenchDrawer.tsx';
import { listProcessorOptions, processorKeys } from '../processors/api.ts';
import { createScenario, exportScenario, getScenario, parseScenarioFile, scenarioKeys, updateScenario } from './api.ts';
import { BasicsFields } from './editor/BasicsSection.tsx';
import { BehaviourFields } from './editor/BehaviourSection.tsx';
import { CallbackFields } from './editor/CallbacksSection.tsx';
import { EditorContext, type EditorApi } from './editor/EditorContext.tsx';
import { PrologueFields } from './editor/OpeningSection.tsx';
import { RouterFields } from './editor/RoutersSection.tsx';
import { Section } from './editor/Section.tsx';
import { StreamFields } from './editor/StreamsSection.tsx';
import { ToolFields } from './editor/ToolsSection.tsx';
import {
  SECTIONS,
  countBySection,
  fileNameFor,
  newDraft,
  sectionOf,
  serverErrors,
  setIn,
  validateDraft,
  type Draft,
  type SectionId,
} from './editor/draft.ts';
import { downloadJson, failedPathsOf } from './file-io.ts';
import { ImportFailedModal } from './ImportFailedModal.tsx';
import { useScenarioImport } from './use-import.ts';
import { FilePicker } from '../../../forms/FilePicker.tsx';

const EDIT_PATH = '/operation/scenario/edit';

/**
 * The `id` of the edit route's query. Pages stay mounted while other tabs show, so the query is read only
 * while this route is the one in the address bar.
 */
function useEditedId(active: boolean): string | null {
  const location = useLocation();
  const read = () => (location.pathname === EDIT_PATH ? new URLSearchParams(location.search).get('id') : null);
  const [id, setId] = useState<string | null>(active ? read() : null);
  useEffect(() => {
    if (active && location.pathname === EDIT_PATH) setId(new URLSearchParams(location.search).get('id'));
  }, [active, location.pathname, location.search]);
  return id;
}

/** The fixed navbar's height: a section under it is not being read. */
const NAVBAR = 60;

/**
 * The section being read, for the side nav: the one across a reading line a third of the way down the window
 * below the navbar (so a section filling the screen is lit, not the one whose last lines linger at the top),
 * and, once the page is scrolled to its end, the last section in view (the last ones can never scroll up to the
 * line). A section chosen in the nav stays lit while the page scrolls to it.
 */
function useActiveSection(elements: RefObject<Map<SectionId, HTMLElement>>) {
  const [active, setActive] = useState<SectionId>('basics');
  const chosen = useRef<SectionId | null>(null);
  useEffect(() => {
    // Whatever scrolls (the window, or the layout's content box at some sizes): a capturing listener on the
    // document hears both, and the sections are measured against the window either way.
    const scrollerOf = (event?: Event) =>
      event?.target instanceof Element ? event.target : (document.scrollingElement ?? document.documentElement);
    const read = (scroller: Element) => {
      const line = NAVBAR + (window.innerHeight - NAVBAR) / 3;
      const atEnd = scroller.scrollTop > 0 && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      let current: SectionId = 'basics';
      for (const section of SECTIONS) {
        const element = elements.current?.get(section.id);
        if (!element || element.offsetParent === null) continue;
        const top = element.getBoundingClientRect().top;
        if (top <= line || (atEnd && top < window.innerHeight)) current = section.id;
      }
      return current;
    };
    const onScroll = (event?: Event) => {
      if (!chosen.current) setActive(read(scrollerOf(event)));
    };
    const onScrollEnd = (event: Event) => {
      if (!chosen.current) return;
      const rect = elements.current?.get(chosen.current)?.getBoundingClientRect();
      const inView = rect && rect.bottom > NAVBAR && rect.top < window.innerHeight;
      chosen.current = null;
      if (!inView) setActive(read(scrollerOf(event)));
    };
    const onResize = () => onScroll();
    document.addEventListener('scroll', onScroll, { passive: true, capture: true });
    document.addEventListener('scrollend', onScrollEnd, { capture: true });
    window.addEventListener('resize', onResize, { passive: true });
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true });
      document.removeEventListener('scrollend', onScrollEnd, { capture: true });
      window.removeEventListener('resize', onResize);
    };
  }, [elements]);
  const choose = (section: SectionId) => {
    chosen.current = section;
    setActive(section);
  };
  return [active, choose] as const;
}

/** New scenario (route scenarioAdd) and edit scenario (route scenarioEdit, `?id=`): one editor for the whole document. */
export default function ScenarioEditorPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const locale = currentLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { name: routeName } = usePageRoute();
  const isEdit = routeName === 'scenarioEdit';
  const id = useEditedId(isEdit);
  const fileInput = useRef<HTMLInputElement>(null);
  const sections = useRef(new Map<SectionId, HTMLElement>());
  const [activeSection, setActiveSection] = useActiveSection(sections);

  const defaults = useCallback(
    () =>
      newDraft({
        silencePrompt: t('scenario.default.silencePrompt'),
        silenceHangup: t('scenario.default.silenceHangup'),
        bye: t('scenario.default.bye'),
        transferOk: t('scenario.default.transferOk'),
        transferFail: t('scenario.default.transferFail'),
      }),
    [t],
  );
  const [draft, setDraft] = useState<Draft>(defaults);
  const [baseline, setBaseline] = useState<string>(() => JSON.stringify(draft));
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [fromServer, setFromServer] = useState<Map<string, string>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const [benchOpen, setBenchOpen] = useState(false);

  const detail = useQuery({ queryKey: scenarioKeys.detail(id ?? ''), queryFn: () => getScenario(id!), enabled: isEdit && id !== null });
  const processors = useQuery({ queryKey: processorKeys.options, queryFn: listProcessorOptions });
  // Someone saved a newer version meanwhile: a reload reads it, and the draft is replaced by it (below).
  const edit = useStaleEdit(detail.data ?? null, async (opened) => (await detail.refetch()).data ?? opened);

  const load = useCallback((document: Draft, version: number | null) => {
    setDraft(document);
    setBaseline(JSON.stringify(document));
    setBaseVersion(version);
    setTouched(new Set());
    setShowAll(false);
    setFromServer(new Map());
  }, []);

  // A (re)loaded scenario replaces the draft: on opening, and after a save brings the new version.
  const loadedKey = detail.data ? `${detail.data.id}:${detail.data.currentVersion}` : null;
  useEffect(() => {
    if (detail.data) {
      load(detail.data.document, detail.data.currentVersion);
      setNotice(null);
    }
  }, [loadedKey]);

  const errors = useMemo(() => validateDraft(draft, locale), [draft, locale]);
  const shown = useMemo(() => {
    const visible = new Map(fromServer);
    for (const [key, message] of errors) if (showAll || touched.has(key)) visible.set(key, visible.get(key) ?? message);
    return visible;
  }, [errors, fromServer, showAll, touched]);
  const counts = countBySection(showAll ? new Map([...errors, ...fromServer]) : shown);
  const dirty = JSON.stringify(draft) !== baseline;

  const forget = (key: string) =>
    setFromServer((m) => {
      if (!m.has(key)) return m;
      const next = new Map(m);
      next.delete(key);
      return next;
    });
  const api: EditorApi = {
    draft,
    errors,
    showAll,
    processors: processors.data ?? [],
    update(path, value) {
      const key = pathText(path);
      setDraft((d) => setIn(d, path, value));
      setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));
      forget(key);
    },
    change(fn, path) {
      setDraft(fn);
      if (path) {
        const key = pathText(path);
        setTouched((s) => new Set(s).add(key));
        forget(key);
      }
    },
    errorAt: (path) => shown.get(pathText(path)),
  };

  const scrollTo = (section: SectionId) => {
    setActiveSection(section);
    sections.current.get(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const save = useMutation({
    mutationFn: async () => {
      const document = scenarioDocumentSchema.parse(draft);
      if (isEdit && id && baseVersion !== null) return { saved: await updateScenario(id, baseVersion, document), created: false };
      return { saved: await createScenario(document), created: true };
    },
    onSuccess: async ({ saved, created }) => {
      await queryClient.invalidateQueries({ queryKey: scenarioKeys.all });
      await queryClient.invalidateQueries({ queryKey: processorKeys.all });
      if (created) {
        Message.success(t('scenario.editor.created'));
        load(defaults(), null);
        await navigate(`${EDIT_PATH}?id=${saved.id}`);
      } else if (saved.version === baseVersion) {
        setBaseline(JSON.stringify(draft));
        Message.info(t('scenario.editor.noChange', { version: saved.version }));
      } else {
        Message.success(t('scenario.editor.savedVersion', { version: saved.version }));
      }
    },
    onError: (error) => {
      if (edit.caught(error)) return;
      const fields = failedPathsOf(error);
      if (fields) {
        const mapped = serverErrors(fields);
        setFromServer(mapped);
        setShowAll(true);
        const first = [...mapped.keys()][0];
        if (first !== undefined) scrollTo(sectionOf(first));
      } else if (!(error instanceof RequestFailure)) {
        Message.error(String(error));
      }
    },
  });

  const submit = () => {
    if (errors.size > 0) {
      setShowAll(true);
      Message.error(t('scenario.editor.fixFirst', { count: errors.size }));
      scrollTo(sectionOf([...errors.keys()][0]!));
      return;
    }
    save.mutate();
  };

  const importer = useScenarioImport(parseScenarioFile, (parsed) => {
    setDraft(parsed.document);
    setTouched(new Set());
    setFromServer(new Map());
    setShowAll(true);
    setNotice(
      parsed.remapped.length
        ? `${t('scenario.editor.imported')} · ${t('scenario.editor.remapped', { count: parsed.remapped.length })}`
        : t('scenario.editor.imported'),
    );
    Message.success(t('scenario.editor.imported'));
  });

  const exportSaved = async () => {
    if (!id || !detail.data) return;
    const file = await exportScenario(id);
    const name = fileNameFor(detail.data.name, detail.data.currentVersion);
    downloadJson(file, name);
    Message.success(t('scenario.exported', { file: name }));
  };

  const loadVersion = async (version: number) => {
    if (!id || !detail.data) return;
    const found = await getScenario(id, version);
    setDraft(found.document);
    setTouched(new Set());
    setFromServer(new Map());
    setNotice(version === detail.data.currentVersion ? null : t('scenario.editor.loadedOld', { version }));
  };

  if (isEdit && (id === null || detail.isError)) {
    return (
      <Card className="op-card">
        <Result
          status="404"
          subTitle={t('scenario.editor.notFound')}
          extra={
            <Button type="primary" onClick={() => navigate('/operation/scenario')}>
              {t('scenario.editor.backToList')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (isEdit && !detail.data)
    return (
      <div className="page-loading">
        <Spin tip={t('scenario.editor.loading')} />
      </div>
    );

  const total = errors.size + [...fromServer.keys()].filter((k) => !errors.has(k)).length;
  return (
    <EditorContext.Provider value={api}>
      <div data-testid="scenario-editor">
        <Card
          className="op-card"
          bordered={false}
          style={{ marginBottom: 16 }}
          title={
            <Space>
              <Button
                type="text"
                icon={<IconLeft />}
                onClick={() => navigate('/operation/scenario')}
                aria-label={t('scenario.editor.backToList')}
              />
              <span>{isEdit ? t('scenario.editor.editTitle') : t('scenario.editor.newTitle')}</span>
              {isEdit && detail.data && (
                <Tag color="arcoblue" data-testid="scenario-editor-version">
                  {t('scenario.versionTag', { version: detail.data.currentVersion })}
                </Tag>
              )}
              {dirty && (
                <Tag color="orange" data-testid="scenario-editor-dirty">
                  {t('scenario.editor.unsaved')}
                </Tag>
              )}
            </Space>
          }
          extra={
            <Space>
              {isEdit && detail.data && detail.data.versions.length > 1 && (
                <Select
                  size="small"
                  style={{ width: 260 }}
                  placeholder={t('scenario.editor.history')}
                  data-testid="scenario-editor-history"
                  onChange={(v: number) => void loadVersion(v)}
                  options={detail.data.versions.map((v) => ({
                    value: v.version,
                    label: t('scenario.editor.historyItem', {
                      version: v.version,
                      who: v.createdBy ?? '—',
                      time: time.format(v.createTime),
                    }),
                  }))}
                />
              )}
              <Button
                size="small"
                icon={<IconUpload />}
                loading={importer.busy}
                onClick={() => fileInput.current?.click()}
                data-testid="scenario-editor-import"
              >
                {t('scenario.import')}
              </Button>
              {isEdit && (
                <Button size="small" icon={<IconDownload />} onClick={() => void exportSaved()} data-testid="scenario-editor-export">
                  {t('scenario.export')}
                </Button>
              )}
              {isEdit && id && (
                <Button size="small" type="outline" onClick={() => setBenchOpen(true)} data-testid="scenario-bench-open">
                  {t('bench.open')}
                </Button>
              )}
              <FilePicker
                ref={fileInput}
                accept=".json,application/json"
                testId="scenario-editor-import-input"
                onPick={(file) => void importer.importFile(file)}
              />
            </Space>
          }
        >
          <StaleEditNotice edit={edit} />
          {notice && <Alert type="info" content={notice} closable onClose={() => setNotice(null)} data-testid="scenario-editor-notice" />}
          {!notice && (
            <Typography.Text type="secondary" data-testid="scenario-editor-summary">
              {isEdit && detail.data
                ? t('scenario.editor.savedBy', {
                    version: detail.data.currentVersion,
                    who: detail.data.versions[0]?.createdBy ?? '—',
                    time: time.format(detail.data.versions[0]?.createTime),
                  })
                : t('scenario.editor.newIntro')}
              {isEdit && detail.data && (
                <>
                  {' '}
                  <TimeZoneNote />
                </>
              )}
            </Typography.Text>
          )}
        </Card>

        <div className="scn-editor">
          <nav className="scn-nav" data-testid="scenario-editor-nav">
            {SECTIONS.map((section) => (
              <div
                key={section.id}
                className={`scn-nav-item${activeSection === section.id ? ' active' : ''}`}
                role="link"
                tabIndex={0}
                onClick={() => scrollTo(section.id)}
                onKeyDown={(e) => e.key === 'Enter' && scrollTo(section.id)}
                data-testid={`scn-nav-${section.id}`}
              >
                <span>{t(`scenario.section.${section.id}`)}</span>
                {counts[section.id] > 0 && <Badge count={counts[section.id]} dotStyle={{ background: 'rgb(var(--danger-6))' }} />}
              </div>
            ))}
          </nav>
          <Form layout="vertical" className="scn-main" autoComplete="off">
            {(
              [
                ['basics', <BasicsFields key="b" />],
                ['opening', <PrologueFields key="o" />],
                ['behaviour', <BehaviourFields key="h" />],
                ['tools', <ToolFields key="t" />],
                ['routers', <RouterFields key="r" />],
                ['streams', <StreamFields key="s" />],
                ['callbacks', <CallbackFields key="c" />],
              ] as const
            ).map(([section, body]) => (
              <Section
                key={section}
                id={section}
                anchor={(key, element) => {
                  if (element) sections.current.set(key, element);
                  else sections.current.delete(key);
                }}
                extra={
                  section === 'routers' || section === 'streams' ? (
                    <Button type="text" size="small" onClick={() => navigate('/operation/processor')}>
                      {t('scenario.editor.manageProcessors')}
                    </Button>
                  ) : undefined
                }
              >
                {body}
              </Section>
            ))}
          </Form>
        </div>

        <div className="scn-footer" data-testid="scenario-editor-footer">
          <Space>
            {total > 0 ? (
              <span style={{ color: 'rgb(var(--warning-6))' }}>
                <IconExclamationCircle /> {t('scenario.editor.problems', { count: total })}
              </span>
            ) : (
              <span style={{ color: 'rgb(var(--success-6))' }}>
                <IconCheckCircle /> {dirty ? t('scenario.editor.unsaved') : t('scenario.editor.clean')}
              </span>
            )}
          </Space>
          <Space>
            <Button onClick={() => navigate('/operation/scenario')}>{t('common.cancel')}</Button>
            <Button type="primary" icon={<IconSave />} loading={save.isPending} onClick={submit} data-testid="scenario-save">
              {isEdit ? t('common.save') : t('scenario.editor.saveNew')}
            </Button>
          </Space>
        </div>
        <ImportFailedModal fields={importer.failed} onClose={importer.clearFailed} />
        {isEdit && id && (
          <ScenarioBenchDrawer
            scenarioId={id}
            version={detail.data?.currentVersion ?? null}
            visible={benchOpen}
            dirty={dirty}
            onClose={() => setBenchOpen(false)}
          />
        )}
      </div>
    </EditorContext.Provider>
  );
}
