// The one Module Federation runtime of the page. Every bundle (the shell and each remote) is built with
// `externalRuntime`, so none carries its own copy; this script, loaded before the shell, provides it the
// way @module-federation/inject-external-runtime-core-plugin does.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

runtimeCore.Global._FEDERATION_RUNTIME_CORE = runtimeCore;
runtimeCore.Global._FEDERATION_RUNTIME_CORE_FROM = { name: 'federation-runtime', version: '2.9.2' };
