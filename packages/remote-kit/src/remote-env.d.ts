/**
 * The build-time environment of every remote, in one place: CSS Modules and the values mf-config's
 * DefinePlugin writes into a remote's code. A remote's tsconfig lists it (`"types": ["@sq/remote-kit/env"]`).
 */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';

declare const process: {
  env: {
    NODE_ENV: 'production' | 'development' | 'test';
    SQ_API_BASE_URL?: string;
    SQ_API_WITH_CREDENTIALS?: string;
    SQ_SITE_NAME?: string;
    /** The released version of this remote (set at build time by the release tooling). */
    SQ_REMOTE_VERSION?: string;
  };
};
