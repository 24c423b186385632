import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, Spinner } from '@sq/ui';
import { LoadError } from '../../../shared/LoadError';
import { useLeftMenu } from '../api/get-left-menu';
import { useProjects } from '../api/get-projects';
import { LeftMenu, type ProjectFilter } from './LeftMenu';
import { Pagination } from '../../../shared/Pagination';
import { ProjectCard } from './ProjectCard';
import styles from './projects.module.css';

// Its own chunk: the past projects render first; the sprint results follow when there are any.
const SprintProjects = lazy(() => import('./SprintProjects').then((m) => ({ default: m.SprintProjects })));

export const PAGE_SIZE = 12;
/** Cards in the first row(s) that are above the fold on a desktop and load eagerly. */
const EAGER_CARDS = 3;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /projects: past projects filtered by program and cohort, one server page at a time; the filter lives in the URL. */
export function ProjectsPage() {
  const [params, setParams] = useSearchParams();
  const productId = positive(params.get('productId'));
  const oddId = positive(params.get('oddId'));
  const page = positive(params.get('page')) ?? 1;
  const menu = useLeftMenu();
  const list = useProjects({ productId, oddId, page, size: PAGE_SIZE });

  const update = (next: ProjectFilter & { page?: number }) => {
    const query = new URLSearchParams();
    if (next.productId) query.set('productId', String(next.productId));
    if (next.oddId) query.set('oddId', String(next.oddId));
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page}>
      {menu.status === 'success' ? (
        <LeftMenu products={menu.data} value={{ productId, oddId }} onChange={(f) => update(f)} />
      ) : (
        <div />
      )}
      <section>
        <h1 className={styles.heading}>프로젝트</h1>
        {page === 1 ? (
          <Suspense fallback={null}>
            <SprintProjects productId={productId} oddId={oddId} />
          </Suspense>
        ) : null}
        {list.status === 'loading' ? <Spinner boxed /> : null}
        {list.status === 'error' ? <LoadError error={list.error} onRetry={list.reload} /> : null}
        {list.status === 'success' ? (
          list.data.items.length === 0 ? (
            <EmptyState title="아직 등록된 프로젝트가 없어요" description="다른 프로그램이나 기수를 선택해 보세요." />
          ) : (
            <>
              <p className={styles.count}>총 {list.data.total}개의 프로젝트</p>
              <div className={styles.grid}>
                {list.data.items.map((project, index) => (
                  <ProjectCard key={project.projectId} project={project} eager={index < EAGER_CARDS} />
                ))}
              </div>
              <Pagination
                page={list.data.page}
                size={list.data.size}
                total={list.data.total}
                onChange={(p) => update({ productId, oddId, page: p })}
              />
            </>
          )
        ) : null}
      </section>
    </div>
  );
}
