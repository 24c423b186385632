import { useParams } from 'react-router-dom';
import { NoInfo, WithProduct } from './recruit-common';

/** /planx/recruit, /potenday/recruit, /:product/recruit — the public "no info" page with where to go next. */
export function RecruitNoInfoPage({ slug }: { slug?: string }) {
  const params = useParams();
  const productSlug = slug ?? params.product ?? '';
  return (
    <WithProduct key={productSlug} slug={productSlug}>
      {(product) => <NoInfo product={product} />}
    </WithProduct>
  );
}

export const PlanxRecruitPage = () => <RecruitNoInfoPage slug="planx" />;
export const PotendayRecruitPage = () => <RecruitNoInfoPage slug="potenday" />;
