import type { ServiceDefinition } from '@sq/service-kit';
import { migrations } from './migrations';
import { referenceSeed, seed } from './seeds';
import productRepository from './repositories/product-repository';
import productRoutes from './routes/products';
import internalRefundRuleRoutes from './routes/internal-refund-rules';
import applicantRepository from './repositories/applicant-repository';
import applicantRoutes from './routes/applicants';

/** Products, cohorts (oddId) and refund rules; applications, payments and teams join them later. */
export const programsService: ServiceDefinition = {
  name: 'programs',
  schema: 'programs',
  migrations,
  referenceSeed,
  seed,
  plugin: async (app) => {
    await app.register(productRepository);
    await app.register(productRoutes);
    await app.register(internalRefundRuleRoutes);
    await app.register(applicantRepository);
    await app.register(applicantRoutes);
  },
};
