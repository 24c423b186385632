export * from './messages';
export * from './envelope';
export * from './registry';
export * from './identity';
export type * from './api/content';
export type * from './api/account';
export type * from './api/careercard';
export type * from './api/itskill';
export type * from './api/programs';
