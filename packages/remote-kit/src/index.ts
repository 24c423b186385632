export { createRemote, type RemoteDefinition, type RemoteLifecycles } from './create-remote';
export { ManifestRoutes, type Screens } from './ManifestRoutes';
export { AppLink } from './AppLink';
export type { RemoteProps } from '@sq/contracts/remote-props';
