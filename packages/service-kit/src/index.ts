export * from './config';
export * from './errors';
export * from './identity';
export * from './knex';
export * from './service';
export * from './server';
export * from './pagination';
export { createServiceApp } from './app';
export * from './jwt-keys';
