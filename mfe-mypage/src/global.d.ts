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
