import { remoteProject } from '@sq/remote-kit/vitest';

// Named after this folder: this remote's tests in jsdom, plus the remote kit's route manifest test (routes.json
// against the site route list and the screens of its entries).
export default remoteProject(import.meta.url);
