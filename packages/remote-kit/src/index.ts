export { createRemote, type RemoteDefinition, type RemoteLifecycles } from './create-remote';
export { ManifestRoutes, type Screens } from './ManifestRoutes';
export { lazyScreen } from './lazy-screen';
export { AppLink } from './AppLink';
export type { RemoteProps } from '@sq/contracts/remote-props';
