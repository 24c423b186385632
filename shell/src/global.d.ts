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
    /** Analytics collector; unset means analytics sends nothing anywhere. */
    SQ_ANALYTICS_ENDPOINT?: string;
    /** This build's version, for field figures (the build's SHELL_VERSION). */
    SQ_SHELL_VERSION?: string;
  };
};
