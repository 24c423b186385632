import { useState } from 'react';
import { isApiError } from '@sq/api-client';
import { CORE_MESSAGES } from '@sq/contracts/core-messages';
import { CONSUMER_SCOPES, SCOPE_LABELS, type ConsumerScope } from '@sq/contracts/api-consumers';
import {
  PARTNER_APP_AUDIT_LABELS,
  PARTNER_TIERS,
  PARTNER_TIER_LABELS,
  type PartnerAppSummary,
  type PartnerTier,
} from '@sq/contracts/partner-apps';
import { Button, EmptyState, ErrorFallback, Spinner, useAsync } from '@sq/ui';
import {
  createPartnerApp,
  getPartnerAppAudit,
  getPartnerApps,
  rotatePartnerSecret,
  updatePartnerApp,
} from '../api/partner-apps';
import { EMPTY_PARTNER_APP, partnerAppErrors, requestOf, valuesOf, type PartnerAppValues } from '../partner-app-form';
import { seoulTime } from '../../../shared/console/AuditCells';
import { TableWrap } from '../../../shared/console/TableWrap';
import styles from '../../../shared/console/console.module.css';

const messageOf = (e: unknown) => (isApiError(e) ? e.message : CORE_MESSAGES.genericAlert);

/** Registering a new app (`editing` null) or editing one. */
function PartnerAppFormSection({
  editing,
  onSaved,
  onCancel,
}: {
  editing: PartnerAppSummary | null;
  onSaved(result: { app: PartnerAppSummary; clientSecret?: string }): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState<PartnerAppValues>(editing ? valuesOf(editing) : EMPTY_PARTNER_APP);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PartnerAppValues>(key: K, value: PartnerAppValues[K]) =>
    setValues((now) => ({ ...now, [key]: value }));
  const toggle = (scope: ConsumerScope) =>
    set('scopes', values.scopes.includes(scope) ? values.scopes.filter((s) => s !== scope) : [...values.scopes, scope]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const local = partnerAppErrors(values);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      onSaved(
        editing ? await updatePartnerApp(editing.appId, requestOf(values)) : await createPartnerApp(requestOf(values)),
      );
    } catch (error) {
      setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const error = (key: string) =>
    errors[key] ? (
      <p className={styles.error} role="alert">
        {errors[key]}
      </p>
    ) : null;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="partner-app-form"
      aria-label={editing ? '파트너 앱 수정' : '파트너 앱 등록'}
    >
      <h2 className={styles.subtitle}>{editing ? `${editing.name} 수정` : '새 파트너 앱'}</h2>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="partner-name">
          앱 이름
        </label>
        <input
          id="partner-name"
          className={styles.input}
          value={values.name}
          maxLength={50}
          onChange={(e) => set('name', e.target.value)}
        />
        {error('name')}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="partner-owner">
          담당자 이메일
        </label>
        <input
          id="partner-owner"
          type="email"
          className={styles.input}
          value={values.ownerEmail}
          onChange={(e) => set('ownerEmail', e.target.value)}
        />
        {error('ownerEmail')}
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>허용 권한</legend>
        {CONSUMER_SCOPES.map((scope) => (
          <label key={scope}>
            <input type="checkbox" checked={values.scopes.includes(scope)} onChange={() => toggle(scope)} />{' '}
            {SCOPE_LABELS[scope]} <code>{scope}</code>
          </label>
        ))}
        {error('scopes')}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="partner-tier">
          요청 한도 등급
        </label>
        <select
          id="partner-tier"
          className={styles.select}
          value={values.tier}
          onChange={(e) => set('tier', e.target.value as PartnerTier)}
        >
          {PARTNER_TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {PARTNER_TIER_LABELS[tier]}
            </option>
          ))}
        </select>
        {error('tier')}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="partner-redirects">
          리디렉션 URI (한 줄에 하나, 회원 동의가 필요 없는 앱은 비워 두세요)
        </label>
        <textarea
          id="partner-redirects"
          className={styles.textarea}
          rows={3}
          value={values.redirectUris}
          onChange={(e) => set('redirectUris', e.target.value)}
        />
        <p className={styles.hint}>https 주소만 가능해요. 개발용 127.0.0.1·localhost만 http를 쓸 수 있어요.</p>
        {error('redirectUris')}
      </div>
      {editing ? (
        <label>
          <input type="checkbox" checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} /> 사용 중
          (끄면 이 앱의 모든 토큰이 바로 막혀요)
        </label>
      ) : null}
      {errors._ ? (
        <p className={styles.formError} role="alert">
          {errors._}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          취소
        </Button>
        <Button type="submit" disabled={busy}>
          {editing ? '저장' : '등록'}
        </Button>
      </div>
    </form>
  );
}

/** The latest changes (who, when, what), from the account service's audit log. */
function PartnerAppAudit({ apps, version }: { apps: PartnerAppSummary[]; version: number }) {
  const audit = useAsync((signal) => getPartnerAppAudit(signal), [version]);
  if (audit.status !== 'success' || audit.data.entries.length === 0) return null;
  const nameOf = (appId: number) => apps.find((app) => app.appId === appId)?.name ?? `#${appId}`;
  return (
    <TableWrap label="파트너 앱 변경 기록">
      <table className={styles.table} data-testid="partner-app-audit">
        <thead>
          <tr>
            <th scope="col">일시</th>
            <th scope="col">앱</th>
            <th scope="col">변경</th>
            <th scope="col">운영자</th>
          </tr>
        </thead>
        <tbody>
          {audit.data.entries.map((entry) => (
            <tr key={entry.auditId}>
              <td>{seoulTime(entry.createdAt)}</td>
              <td>{nameOf(entry.appId)}</td>
              <td>{PARTNER_APP_AUDIT_LABELS[entry.action]}</td>
              <td>{`#${entry.actorUserId}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/**
 * /admin/partner-apps: the partner apps that may call the public API (OAuth 2.0 clients of the account service's
 * authorization server). Operators register, edit, stop and rotate; a client secret is shown once, right after
 * registration or rotation. Every change is in the account service's audit log.
 */
export function PartnerAppsPage() {
  const apps = useAsync((signal) => getPartnerApps(signal), []);
  const [editing, setEditing] = useState<PartnerAppSummary | 'new' | null>(null);
  const [secret, setSecret] = useState<{ app: PartnerAppSummary; clientSecret: string } | null>(null);
  const [error, setError] = useState('');
  const [changes, setChanges] = useState(0);

  if (apps.status === 'loading') return <Spinner boxed />;
  if (apps.status === 'error') return <ErrorFallback title={messageOf(apps.error)} onRetry={apps.reload} />;

  async function rotate(app: PartnerAppSummary) {
    if (!window.confirm(`'${app.name}'의 클라이언트 시크릿을 새로 발급할까요? 지금 시크릿은 바로 쓸 수 없게 돼요.`))
      return;
    setError('');
    try {
      setSecret(await rotatePartnerSecret(app.appId));
      apps.reload();
      setChanges((n) => n + 1);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <section className={styles.section} data-testid="partner-apps">
      <div className={styles.head}>
        <h1 className={styles.title}>파트너 앱</h1>
        <Button size="small" onClick={() => setEditing('new')}>
          앱 등록
        </Button>
      </div>
      <p className={styles.lead}>
        공개 API를 쓰는 외부 앱이에요. 앱은 스스로(클라이언트 자격 증명) 또는 동의한 회원을 대신해(인가 코드 + PKCE)
        허용된 권한 안에서만 요청할 수 있고, 운영자 기능은 어떤 앱도 쓸 수 없어요.
      </p>
      {secret ? (
        <div className={styles.notice} role="status" data-testid="partner-secret">
          <strong>
            {secret.app.name}의 클라이언트 시크릿이에요. 지금만 볼 수 있으니 담당자에게 안전하게 전달하세요.
          </strong>
          <p>
            클라이언트 ID <code>{secret.app.clientId}</code>
          </p>
          <p>
            클라이언트 시크릿 <code>{secret.clientSecret}</code>
          </p>
          <Button size="small" variant="text" onClick={() => setSecret(null)}>
            닫기
          </Button>
        </div>
      ) : null}
      {editing ? (
        <PartnerAppFormSection
          key={editing === 'new' ? 'new' : editing.appId}
          editing={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(result) => {
            if (result.clientSecret) setSecret({ app: result.app, clientSecret: result.clientSecret });
            setEditing(null);
            apps.reload();
            setChanges((n) => n + 1);
          }}
        />
      ) : null}
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      {apps.data.apps.length === 0 ? (
        <EmptyState title="등록된 파트너 앱이 없어요" />
      ) : (
        <TableWrap label="파트너 앱 목록">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">앱</th>
                <th scope="col">클라이언트 ID</th>
                <th scope="col">담당자</th>
                <th scope="col">허용 권한</th>
                <th scope="col">등급</th>
                <th scope="col">리디렉션 URI</th>
                <th scope="col">상태</th>
                <th scope="col">시크릿</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {apps.data.apps.map((app) => (
                <tr key={app.appId} data-testid="partner-app">
                  <td>{app.name}</td>
                  <td>
                    <code>{app.clientId}</code>
                  </td>
                  <td>{app.ownerEmail}</td>
                  <td>{app.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ')}</td>
                  <td>{PARTNER_TIER_LABELS[app.tier]}</td>
                  <td className={styles.wrap}>{app.redirectUris.join(', ') || '없음 (앱 자신만)'}</td>
                  <td>{app.enabled ? '사용 중' : '중지'}</td>
                  <td title={`발급 ${seoulTime(app.secretRotatedAt)}`}>
                    <code>{app.secretHint}…</code>
                  </td>
                  <td>
                    <Button size="small" variant="secondary" onClick={() => setEditing(app)}>
                      수정
                    </Button>{' '}
                    <Button size="small" variant="text" onClick={() => void rotate(app)}>
                      시크릿 재발급
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <h2 className={styles.subtitle}>변경 기록</h2>
      <PartnerAppAudit apps={apps.data.apps} version={changes} />
    </section>
  );
}
