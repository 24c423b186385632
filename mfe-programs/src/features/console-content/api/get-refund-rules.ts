import { apiGet } from '@sq/api-client';
import type { ProductDetailResponse } from '@sq/contracts';
import { useAsync } from '@sq/ui';

/** GET /api/products/{productId} — a program's fee and refund rules (the payment engine's), for a FAQ refund answer's table. */
export function useRefundRules(productId: number | null) {
  return useAsync(
    async (signal) => {
      if (productId === null) return null;
      const { product } = await apiGet<ProductDetailResponse>(`/products/${productId}`, undefined, { signal });
      return { feeKrw: product.feeKrw, rules: product.refundRules };
    },
    [productId],
  );
}
