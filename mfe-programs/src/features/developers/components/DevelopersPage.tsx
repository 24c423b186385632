import { CONSUMER_SCOPES, SCOPE_LABELS, isConsumerScope } from '@sq/contracts/api-consumers';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_SCOPES } from '@sq/contracts/webhooks';
import { quickstartText } from '@sq/contracts/developers-quickstart';
import { Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { usePublicApi } from '../api/public-api';
import styles from './developers.module.css';

/** /developers (public): what the public API offers, how to get a token, scopes, quotas, versions, webhooks, a quickstart. */
export function DevelopersPage() {
  const api = usePublicApi();
  const version = api.status === 'success' ? api.data.version : null;
  return (
    <div className={styles.page} data-testid="developers">
      <h1 className={styles.title}>개발자 안내</h1>
      <p>
        공개 API로 프로그램과 모집 중인 기수, 직군별 지원 현황, 공개 커리어 카드를 읽고, 내 지원 내역 조회와 스프린트
        체크인을 프로그램으로 할 수 있어요. 웹훅을 구독하면 팀 발표 같은 일을 바로 알려 드려요.
      </p>

      <section className={styles.section} aria-labelledby="dev-ops">
        <h2 id="dev-ops" className={styles.heading}>
          제공하는 API
        </h2>
        {api.status === 'loading' ? (
          <Spinner boxed />
        ) : api.status === 'error' ? (
          <LoadError error={api.error} onRetry={api.reload} />
        ) : (
          <table className={styles.table} data-testid="developers-operations">
            <thead>
              <tr>
                <th>요청</th>
                <th>설명</th>
                <th>필요한 권한</th>
              </tr>
            </thead>
            <tbody>
              {api.data.operations.map((operation) => (
                <tr key={`${operation.method} ${operation.path}`}>
                  <td>
                    <code>
                      {operation.method} {operation.path}
                    </code>
                  </td>
                  <td>{operation.summary}</td>
                  <td>
                    {operation.scopes.map((scope) => (isConsumerScope(scope) ? SCOPE_LABELS[scope] : scope)).join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          전체 명세는 <a href="/api/public/openapi.json">OpenAPI 문서</a>에 있어요.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="dev-token">
        <h2 id="dev-token" className={styles.heading}>
          토큰 받기
        </h2>
        <p>
          로그인한 뒤 <a href="/mypage/tokens">마이페이지 &gt; API 토큰</a>에서 이름, 권한, 만료(최대 1년)를 골라 개인
          액세스 토큰을 만드세요. 토큰은 만들 때 한 번만 보여 드리고, 언제든 바로 폐기할 수 있어요. 비밀번호를
          재설정하거나 탈퇴하면 모든 토큰이 폐기돼요. 요청에는 <code>Authorization: Bearer sqp_...</code> 헤더를 붙여요.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="dev-partners">
        <h2 id="dev-partners" className={styles.heading}>
          파트너 앱 (OAuth 2.0)
        </h2>
        <p>
          여러 회원을 위한 서비스라면 운영팀에 파트너 앱 등록을 요청하세요. 앱 이름, 담당자 이메일, 필요한 권한,
          리디렉션 URI(https, 개발용 127.0.0.1·localhost만 http)를 알려 주시면 클라이언트 ID와 시크릿을 한 번만 전달해
          드려요. 인가 서버 정보는{' '}
          <a href="/oauth2/.well-known/openid-configuration">/oauth2/.well-known/openid-configuration</a>에 있어요.
        </p>
        <ul className={styles.list}>
          <li>
            앱 자신으로: <code>POST /oauth2/token</code>에 <code>grant_type=client_credentials</code>(HTTP Basic 인증).
            회원 정보가 필요 없는 조회(프로그램·기수, 공개 커리어 카드)만 쓸 수 있어요.
          </li>
          <li>
            회원을 대신해: <code>/oauth2/auth</code>로 보내 회원이 로그인하고 권한에 동의하면 코드를 받아{' '}
            <code>/oauth2/token</code>에서 교환해요. PKCE(S256)는 반드시 써야 하고, 회원은 마이페이지 &gt; 연결된 앱에서
            언제든 연결을 끊을 수 있어요.
          </li>
        </ul>
        <p>
          요청에는 <code>Authorization: Bearer &lt;access_token&gt;</code>을 붙이고, 한도는 앱의 등급에 따라 정해져요.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="dev-scopes">
        <h2 id="dev-scopes" className={styles.heading}>
          권한
        </h2>
        <ul className={styles.list}>
          {CONSUMER_SCOPES.map((scope) => (
            <li key={scope}>
              <code>{scope}</code> — {SCOPE_LABELS[scope]}
            </li>
          ))}
        </ul>
        <p>운영자 기능은 토큰 주인이 운영자여도 토큰으로는 쓸 수 없어요.</p>
      </section>

      <section className={styles.section} aria-labelledby="dev-quota">
        <h2 id="dev-quota" className={styles.heading}>
          요청 한도
        </h2>
        <p>
          토큰마다 분당, 하루 요청 한도가 있어요. 모든 응답의 <code>RateLimit-Policy</code>(한도)와{' '}
          <code>RateLimit</code>(남은 횟수, 초기화까지 남은 초) 헤더로 알려 드리고, 넘으면 429와 함께{' '}
          <code>Retry-After</code>(초)로 다시 보낼 때를 알려 드려요. 마이페이지의 토큰 목록에서 오늘 요청 수를 볼 수
          있어요.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="versions">
        <h2 id="versions" className={styles.heading}>
          버전
        </h2>
        <p>
          <code>Sidequest-Version</code> 헤더로 날짜 버전을 고르세요
          {version ? (
            <>
              {' '}
              (현재 기본값 <code data-testid="developers-version">{version}</code>)
            </>
          ) : null}
          . 없으면 가장 최근 버전이에요. 없어질 버전의 응답에는 <code>Deprecation</code>과 <code>Sunset</code> 헤더가
          붙어요.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="webhooks">
        <h2 id="webhooks" className={styles.heading}>
          웹훅
        </h2>
        <p>
          <code>웹훅 구독 관리</code> 권한이 있는 토큰으로 <code>POST /api/webhooks</code>에 https 주소와 이벤트를
          보내면, 이벤트가 생길 때마다 그 주소로 알려 드려요. 이벤트마다 그 내용을 읽는 권한도 토큰에 있어야 하고,
          지원·체크인 이벤트는 토큰 주인 본인의 것만 받아요.
        </p>
        <table className={styles.table} data-testid="developers-webhook-events">
          <thead>
            <tr>
              <th>이벤트</th>
              <th>설명</th>
              <th>필요한 권한</th>
            </tr>
          </thead>
          <tbody>
            {WEBHOOK_EVENTS.map((event) => (
              <tr key={event}>
                <td>
                  <code>{event}</code>
                </td>
                <td>{WEBHOOK_EVENT_LABELS[event]}</td>
                <td>{SCOPE_LABELS[WEBHOOK_EVENT_SCOPES[event]]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          본문은 <code>{'{"type", "timestamp", "data"}'}</code> 모양의 작은 JSON이고 <code>data</code>에는 번호만
          담겨요. 자세한 내용은 공개 API로 읽어 주세요. 모든 전송은{' '}
          <a href="https://www.standardwebhooks.com">Standard Webhooks</a> 방식으로 서명돼요(<code>webhook-id</code>,{' '}
          <code>webhook-timestamp</code>, <code>webhook-signature</code> 헤더). 구독을 만들 때나 키를 바꿀 때 한 번만
          보여 드리는 <code>whsec_...</code> 비밀 키로 검증하세요(예: npm <code>standardwebhooks</code>).
        </p>
        <p>
          2xx로 답하지 않으면 간격을 늘려 가며 약 하루 동안 다시 보내요. 같은 이벤트는 같은 <code>webhook-id</code>로
          가니 중복은 그 값으로 걸러 주세요. 전송 기록(응답 코드와 본문 앞부분)은{' '}
          <code>GET /api/webhooks/{'{webhookId}'}/deliveries</code>, 다시 보내기는{' '}
          <code>…/deliveries/{'{deliveryId}'}/replay</code>, 시험 전송은{' '}
          <code>POST /api/webhooks/{'{webhookId}'}/test</code>로 해요. 전송이 계속 실패하면 구독을 멈추고 메일로 알려
          드려요. 고친 뒤 <code>POST /api/webhooks/{'{webhookId}'}/enable</code>로 다시 켜면 밀린 전송을 이어서 보내요.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="dev-quickstart">
        <h2 id="dev-quickstart" className={styles.heading}>
          빠른 시작
        </h2>
        {version ? (
          <pre className={styles.code} data-testid="developers-quickstart">
            {quickstartText(window.location.origin, version)}
          </pre>
        ) : null}
      </section>
    </div>
  );
}
