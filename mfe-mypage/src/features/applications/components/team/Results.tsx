import type { MyTeamResponse } from '@sq/contracts/api/operators/sprint';
import { formatKrw, Icon, seoulDay } from '@sq/ui';
import styles from './team.module.css';

type Results = NonNullable<MyTeamResponse['results']>;

/** After the judging is published: this team's score per rubric item, the total out of 1,000, feedback and prizes. */
export function Results({ results, members }: { results: Results; members: MyTeamResponse['members'] }) {
  const nameOf = (joinId: number) => members.find((m) => m.joinId === joinId)?.name ?? '팀원';
  return (
    <section className={styles.box} aria-labelledby="results-title" data-testid="team-results">
      <h3 id="results-title" className={styles.subtitle}>
        심사 결과 <span className={styles.muted}>({seoulDay(results.publishedAt)} 발표)</span>
      </h3>
      {results.winner ? (
        <p className={styles.winner} data-testid="results-winner">
          <Icon name="party" size={18} />
          우승 팀
        </p>
      ) : null}
      {results.scores ? (
        <table className={styles.scores}>
          <caption className="sq-visually-hidden">심사 기준별 점수</caption>
          <thead>
            <tr>
              <th scope="col">심사 기준 (가중치)</th>
              <th scope="col">점수</th>
            </tr>
          </thead>
          <tbody>
            {results.rubric.map((c) => (
              <tr key={c.key} data-testid="results-score">
                <td>
                  {c.name} ({c.weight}%)
                </td>
                <td>{results.scores?.[c.key] ?? '-'} / 10</td>
              </tr>
            ))}
            <tr>
              <th scope="row">총점</th>
              <td data-testid="results-total">{results.total ?? '-'} / 1,000</td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className={styles.muted}>이 팀은 채점되지 않았어요.</p>
      )}
      {results.feedback ? (
        <div>
          <h4 className={styles.label}>심사 의견</h4>
          <p className={styles.description} data-testid="results-feedback">
            {results.feedback}
          </p>
        </div>
      ) : null}
      {results.prizes.length ? (
        <ul className={styles.members} aria-label="상금" data-testid="results-prizes">
          {results.prizes.map((p) => (
            <li key={`${p.joinId ?? 'team'}`} className={styles.member}>
              <span>{p.joinId === null ? '팀 상금' : `${nameOf(p.joinId)} 개인 상금`}</span>
              <strong>{formatKrw(p.amountKrw)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
