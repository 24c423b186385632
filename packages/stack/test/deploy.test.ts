import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import { GATEWAY_PORT } from '../src/ports';
import {
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  OPS_PORTS,
  SERVICE_PORTS,
  type ServiceName,
} from '@sq/service-kit';
import { SCHEMAS } from '../src/migrate';
import { ROOT } from '../src/paths';
import { ROLES } from '../src/roles';

/**
 * The Kubernetes shape of deploy/: each overlay rendered by Kustomize (`kubectl kustomize`; .ci/run installs
 * Debian's kubectl when the machine has none), every object validated against the Kubernetes schemas
 * (kubernetes-models), and the rules of deploy/README.md checked on what a cluster would receive.
 */
const KUBECTL = process.env.KUBECTL ?? 'kubectl';
const OVERLAYS = ['staging', 'production'] as const;

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every kind's spec, read field by field
  spec?: any;
  data?: Record<string, string>;
};

/** The schema class of each kind the manifests use; a kind missing here fails the test rather than going unchecked. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function render(overlay: string): K8sObject[] {
  const result = spawnSync(KUBECTL, ['kustomize', path.join(ROOT, 'deploy/overlays', overlay)], { encoding: 'utf8' });
  if (result.error)
    throw new Error(
      `${KUBECTL} could not run (${result.error.message}): install kubectl (Debian: kubernetes-client; .ci/run does)`,
    );
  if (result.status !== 0) throw new Error(`kubectl kustomize deploy/overlays/${overlay} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as K8sObject)
    .filter(Boolean);
}

const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, render(overlay)])) as Record<
  (typeof OVERLAYS)[number],
  K8sObject[]
>;
const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
const podSpec = (object: K8sObject): IPodSpec => object.spec.template.spec;
const containers = (objects: K8sObject[]): Array<[string, IContainer]> =>
  objects
    .filter((object) => ['Deployment', 'Job'].includes(object.kind))
    .flatMap((object) =>
      podSpec(object).containers.map((container): [string, IContainer] => [
        `${object.kind} ${object.metadata.name}`,
        container,
      ]),
    );

/** `| \`KEY\` |` rows of deploy/README.md's ConfigMap table. */
const documentedConfigKeys = new Set(
  [...fs.readFileSync(path.join(ROOT, 'deploy/README.md'), 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map(
    ([, key]) => key!,
  ),
);

/** `| \`secret\` | \`key\` |` rows of deploy/README.md's secrets table. */
const documentedSecretKeys = new Set(
  [
    ...fs
      .readFileSync(path.join(ROOT, 'deploy/README.md'), 'utf8')
      .matchAll(/^\| `([a-z0-9-]+)` \| `([a-z0-9.-]+)` \|/gm),
  ].map(([, name, key]) => `${name}/${key}`),
);

describe('the schema check itself', () => {
  it('refuses an object the Kubernetes API would refuse', () => {
    const broken = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { replicas: 'two', selector: {}, template: {} },
    };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });
});

describe.each(OVERLAYS)('deploy/overlays/%s', (overlay) => {
  const objects = rendered[overlay];
  const deployments = ofKind(objects, 'Deployment');

  it('renders, and every object is valid against its Kubernetes schema, in the overlay’s namespace', () => {
    expect(objects.length).toBeGreaterThan(30);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `no schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toMatch(/^sidequest/);
    }
  });

  it('runs every role as a Deployment of the one image, on the ports the code listens on', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(Object.keys(ROLES).sort());
    const images = new Set(containers(objects).map(([, container]) => container.image));
    expect(images.size).toBe(1);
    for (const deployment of deployments) {
      const [container] = podSpec(deployment).containers;
      const role = deployment.metadata.name;
      expect(container!.args).toEqual([role]);
      const port = (name: string) => container!.ports?.find((p) => p.name === name)?.containerPort;
      expect(port('ops'), role).toBe((OPS_PORTS as Record<string, number>)[role]);
      expect(port('http'), role).toBe(
        role === 'gateway' ? GATEWAY_PORT : (SERVICE_PORTS as Record<string, number | undefined>)[role],
      );
    }
  });

  it('names an exact image tag, never `latest`', () => {
    for (const [where, container] of containers(objects)) {
      const image = container.image ?? '';
      const tag = image.includes('@') ? 'digest' : image.slice(image.lastIndexOf('/') + 1).split(':')[1];
      expect(tag, `${where}: ${image}`).toBeTruthy();
      expect(tag, `${where}: ${image}`).not.toBe('latest');
    }
  });

  it('probes every container on its ops port: startup and liveness on /healthz, readiness on /readyz', () => {
    for (const deployment of deployments) {
      for (const container of podSpec(deployment).containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect(container.startupProbe?.httpGet, where).toMatchObject({ path: '/healthz', port: 'ops' });
        expect(container.livenessProbe?.httpGet, where).toMatchObject({ path: '/healthz', port: 'ops' });
        expect(container.readinessProbe?.httpGet, where).toMatchObject({ path: '/readyz', port: 'ops' });
      }
    }
  });

  it('sets requests and limits, runs as non-root on a read-only root, and gives shutdown its drain time', () => {
    for (const [where, container] of containers(objects)) {
      for (const resource of ['cpu', 'memory']) {
        expect(container.resources?.requests?.[resource], where).toBeTruthy();
        expect(container.resources?.limits?.[resource], where).toBeTruthy();
      }
      expect(container.securityContext, where).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
    }
    for (const object of [...deployments, ...ofKind(objects, 'Job')]) {
      expect(podSpec(object).securityContext?.runAsNonRoot, object.metadata.name).toBe(true);
    }
    for (const deployment of deployments) expect(podSpec(deployment).terminationGracePeriodSeconds).toBeGreaterThan(35);
  });

  it('gives every role a PodDisruptionBudget and a HorizontalPodAutoscaler', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const pdb = ofKind(objects, 'PodDisruptionBudget').find(
        (p) => p.spec.selector.matchLabels['app.kubernetes.io/name'] === name,
      );
      expect(pdb, name).toBeDefined();
      const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(
        (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
      );
      expect(hpa, name).toBeDefined();
      expect(hpa!.spec.maxReplicas).toBeGreaterThanOrEqual(hpa!.spec.minReplicas);
    }
  });

  it('migrates each schema in a Job of its own, and the Deployments only check the schema', () => {
    const jobs = ofKind(objects, 'Job').filter(
      (job) => job.metadata.labels?.['app.kubernetes.io/component'] === 'migrate',
    );
    expect(jobs.map((job) => podSpec(job).containers[0]!.args).sort()).toEqual(
      SCHEMAS.map((schema) => ['migrate', schema]).sort(),
    );
    const [config] = ofKind(objects, 'ConfigMap');
    expect(config!.data!.MIGRATE_ON_START).toBe('false');
    for (const deployment of deployments) {
      expect(podSpec(deployment).containers[0]!.envFrom).toEqual([{ configMapRef: { name: config!.metadata.name } }]);
    }
  });

  it('keeps secrets out of the ConfigMap; every Secret key referenced is documented in deploy/README.md', () => {
    const [config] = ofKind(objects, 'ConfigMap');
    expect(
      Object.keys(config!.data!).filter((key) => /SECRET|PASSWORD|PASS$|PRIVATE_KEY|DATABASE_URL/.test(key)),
    ).toEqual([]);
    expect(config!.data!.NODE_ENV ?? 'production').toBe('production');
    expect(config!.data!.SEED_DEMO_DATA).toBeUndefined();
    const referenced = new Set<string>();
    for (const [, container] of containers(objects)) {
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) referenced.add(`${ref.name}/${ref.key}`);
      }
      expect(container.envFrom?.some((source) => source.secretRef)).toBeFalsy();
    }
    for (const ingress of ofKind(objects, 'Ingress'))
      for (const tls of ingress.spec.tls ?? [])
        referenced.add(`${tls.secretName}/tls.crt`).add(`${tls.secretName}/tls.key`);
    expect(referenced.size).toBeGreaterThan(10);
    expect([...referenced].filter((key) => !documentedSecretKeys.has(key))).toEqual([]);
    // Each role gets the secrets its code reads: the database of its own schema, the JWT pair only where used.
    const env = (name: string) => podSpec(deployments.find((d) => d.metadata.name === name)!).containers[0]!.env!;
    for (const deployment of deployments) {
      const database = env(deployment.metadata.name).find((variable) => variable.name === 'DATABASE_URL')!.valueFrom!
        .secretKeyRef!;
      expect(database.key).toBe(deployment.metadata.name === 'programs-worker' ? 'programs' : deployment.metadata.name);
    }
    expect(env('account').some((variable) => variable.name === 'JWT_PRIVATE_KEY')).toBe(true);
    expect(env('gateway').some((variable) => variable.name === 'JWT_PRIVATE_KEY')).toBe(false);
    expect(env('programs').find((variable) => variable.name === 'PROGRAMS_JOB_WORKERS')?.value).toBe('false');
  });

  it('keeps careercard’s uploads in the object store: S3 settings in the ConfigMap, credentials from a Secret, no shared volume', () => {
    const [config] = ofKind(objects, 'ConfigMap');
    expect(config!.data).toMatchObject({
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: expect.stringMatching(/^[a-z0-9][a-z0-9.-]{2,62}$/),
      S3_REGION: expect.any(String),
    });
    expect(config!.data!.UPLOAD_DIR).toBeUndefined();
    // The bytes are in the bucket: no pod of any role needs a volume that several nodes write.
    expect(ofKind(objects, 'PersistentVolumeClaim')).toEqual([]);
    const careercard = podSpec(deployments.find((d) => d.metadata.name === 'careercard')!);
    expect(careercard.volumes?.map((volume) => volume.name)).toEqual(['tmp']);
    const env = Object.fromEntries(careercard.containers[0]!.env!.map((variable) => [variable.name, variable]));
    expect(env.UPLOAD_DIR).toBeUndefined();
    expect(env.AWS_ACCESS_KEY_ID?.valueFrom?.secretKeyRef).toEqual({
      name: 'sidequest-object-store',
      key: 'access-key-id',
      optional: true,
    });
    expect(env.AWS_SECRET_ACCESS_KEY?.valueFrom?.secretKeyRef).toEqual({
      name: 'sidequest-object-store',
      key: 'secret-access-key',
      optional: true,
    });
  });

  it('lets only the gateway (and the services that call an internal API) reach a service; only the gateway from outside', () => {
    const policies = ofKind(objects, 'NetworkPolicy');
    const labelsOf = (name: string) =>
      deployments.find((d) => d.metadata.name === name)!.spec.template.metadata.labels as Record<string, string>;
    const selects = (
      selector: {
        matchLabels?: Record<string, string>;
        matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
      },
      labels: Record<string, string>,
    ) =>
      Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
      (selector.matchExpressions ?? []).every((e) => e.operator === 'In' && e.values!.includes(labels[e.key]!));
    // Deny by default: a pod no policy names gets nothing.
    expect(
      policies.some(
        (p) =>
          Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && !p.spec.ingress,
      ),
    ).toBe(true);
    /** Who may open `port` on the role's pods: 'anyone', or the roles whose pods a rule admits. */
    const admitted = (role: string, port: number) => {
      const callers = new Set<string>();
      for (const policy of policies.filter((p) => selects(p.spec.podSelector, labelsOf(role)))) {
        for (const rule of policy.spec.ingress ?? []) {
          const ports = (rule.ports ?? []).map((p: { port: number | string }) =>
            p.port === 'ops' ? OPS_PORTS[role as keyof typeof OPS_PORTS] : p.port,
          );
          if (rule.ports && !ports.includes(port)) continue;
          if (!rule.from) return 'anyone';
          for (const peer of rule.from as INetworkPolicyPeer[]) {
            if (peer.ipBlock) return 'anyone';
            if (peer.namespaceSelector) {
              const labels = peer.namespaceSelector.matchLabels ?? {};
              if (Object.keys(labels).length === 0 || peer.namespaceSelector.matchExpressions) return 'anyone';
              callers.add(
                `namespace ${Object.entries(labels)
                  .map(([key, value]) => `${key}=${value}`)
                  .join(',')}`,
              );
              continue;
            }
            for (const other of deployments)
              if (selects(peer.podSelector!, labelsOf(other.metadata.name))) callers.add(other.metadata.name);
          }
        }
      }
      return callers;
    };
    // The public port: the ingress controller's namespace only (no pod of the cluster may forge X-Forwarded-For).
    expect([...(admitted('gateway', GATEWAY_PORT) as Set<string>)]).toEqual([
      'namespace kubernetes.io/metadata.name=ingress-nginx',
    ]);
    for (const [service, port] of Object.entries(SERVICE_PORTS) as Array<[ServiceName, number]>) {
      const callers = admitted(service, port);
      expect(callers, service).not.toBe('anyone');
      expect([...(callers as Set<string>)], service).toContain('gateway');
    }
    // content's API is called by no other service.
    expect([...(admitted('content', SERVICE_PORTS.content) as Set<string>)]).toEqual(['gateway']);
  });

  it('gives the gateway the release token from a Secret and every canary watcher and field figure setting from the ConfigMap, each documented', () => {
    const gateway = podSpec(deployments.find((d) => d.metadata.name === 'gateway')!).containers[0]!;
    const [config] = ofKind(objects, 'ConfigMap');
    const fromSecret = Object.fromEntries(
      (gateway.env ?? []).filter((v) => v.valueFrom?.secretKeyRef).map((v) => [v.name, v.valueFrom!.secretKeyRef!]),
    );
    expect(fromSecret.RELEASE_TOKEN).toMatchObject({ name: 'sidequest-release', key: 'token' });
    expect(Object.keys(fromSecret)).toEqual(expect.arrayContaining(['SMTP_USER', 'SMTP_PASS']));
    // Every RELEASE_* and RUM_* setting the gateway reads reaches it; the ConfigMap names none it does not read.
    const read = new Set(
      ['api-gateway/src/releases/releases-config.ts', 'api-gateway/src/rum/config.ts'].flatMap((file) =>
        [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/(?:env\.|')((?:RELEASE|RUM)_[A-Z_]+)\b/g)].map(
          ([, name]) => name!,
        ),
      ),
    );
    const given = new Set(
      [...Object.keys(config!.data!), ...Object.keys(fromSecret)].filter((key) => /^(RELEASE|RUM)_/.test(key)),
    );
    expect([...read].filter((name) => !given.has(name)).sort()).toEqual([]);
    expect([...given].filter((name) => !read.has(name))).toEqual([]);
    expect(config!.data!.RELEASE_OWNERS).toMatch(/^\*=\S+@\S+$/);
    expect(Object.keys(config!.data!).filter((key) => !documentedConfigKeys.has(key))).toEqual([]);
  });

  it('syncs the remote registry in a Job of the same image: non-root, read-only root, the gateway’s database, the manifest base from the ConfigMap', () => {
    const sync = ofKind(objects, 'Job').filter(
      (job) => job.metadata.labels?.['app.kubernetes.io/component'] === 'registry-sync',
    );
    expect(sync).toHaveLength(1);
    const spec = podSpec(sync[0]!);
    const [container] = spec.containers;
    expect(container!.args).toEqual(['registry-sync']);
    expect(container!.image).toBe(
      podSpec(deployments.find((d) => d.metadata.name === 'gateway')!).containers[0]!.image,
    );
    expect(spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(spec.securityContext?.runAsUser).not.toBe(0);
    expect(container!.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    const env = Object.fromEntries((container!.env ?? []).map((v) => [v.name, v.valueFrom]));
    expect(env.DATABASE_URL?.secretKeyRef).toMatchObject({ name: 'sidequest-database', key: 'gateway' });
    const [config] = ofKind(objects, 'ConfigMap');
    expect(env.REGISTRY_MANIFEST_BASE?.configMapKeyRef).toEqual({
      name: config!.metadata.name,
      key: 'REGISTRY_MANIFEST_BASE',
    });
    expect(config!.data!.REGISTRY_MANIFEST_BASE).toBe('/bundles');
  });

  it('lets the registry-sync Job reach PostgreSQL (and DNS to find it) and nothing else; nothing reaches it', () => {
    const labels = ofKind(objects, 'Job').find((job) => job.metadata.name === 'registry-sync')!.spec.template.metadata
      .labels as Record<string, string>;
    const policies = ofKind(objects, 'NetworkPolicy').filter((p) =>
      Object.entries(p.spec.podSelector.matchLabels ?? {}).every(([key, value]) => labels[key] === value),
    );
    const egress = policies.filter((p) => p.spec.policyTypes.includes('Egress'));
    expect(egress.length).toBeGreaterThan(0);
    const allowed = egress.flatMap(
      (p) => (p.spec.egress ?? []) as Array<{ to?: unknown[]; ports?: Array<{ protocol?: string; port: number }> }>,
    );
    for (const rule of allowed)
      expect(rule.ports?.length, 'an egress rule without ports opens every port').toBeTruthy();
    const ports = allowed.flatMap((rule) => rule.ports!.map((p) => `${p.protocol ?? 'TCP'}/${p.port}`));
    expect(new Set(ports)).toEqual(new Set(['TCP/5432', 'UDP/53', 'TCP/53']));
    // Ingress: only rules on ports it does not have (the monitoring namespace's ops port) select it.
    const ingressPorts = policies
      .flatMap((p) => (p.spec.ingress ?? []) as Array<{ ports?: Array<{ port: number | string }> }>)
      .flatMap((rule) => rule.ports ?? [{ port: 'every' }]);
    expect(ingressPorts.map((p) => p.port)).toEqual(ingressPorts.map(() => 'ops'));
  });

  it('trusts X-Forwarded-For only from the ingress controller’s own addresses, never a whole private range', () => {
    const [config] = ofKind(objects, 'ConfigMap');
    const proxies = (config!.data!.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    expect(proxies.length).toBeGreaterThan(0);
    for (const proxy of proxies) {
      // Addresses or ranges only: proxy-addr's presets (loopback, linklocal, uniquelocal) are whole classes.
      const [address, prefix] = proxy.split('/');
      expect(address, proxy).toMatch(/^(\d{1,3}\.){3}\d{1,3}$|:/);
      if (prefix !== undefined && !address!.includes(':'))
        expect(Number(prefix), `${proxy} spans too many addresses`).toBeGreaterThanOrEqual(16);
    }
  });

  it('leaves the replica count to the autoscaler: no Deployment sets spec.replicas', () => {
    for (const deployment of deployments) expect(deployment.spec.replicas, deployment.metadata.name).toBeUndefined();
  });

  it('gives the readiness delay and the pool sizes from the ConfigMap, within the termination grace period', () => {
    const [config] = ofKind(objects, 'ConfigMap');
    const delay = Number(config!.data!.SHUTDOWN_READINESS_DELAY_MS);
    expect(delay).toBeGreaterThan(0);
    expect(Number(config!.data!.DB_POOL_MAX)).toBeGreaterThan(0);
    expect(Number(config!.data!.PROGRAMS_JOB_POOL_MAX)).toBeGreaterThan(0);
    const shutdownSeconds = Number(config!.data!.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS) / 1000;
    expect(shutdownSeconds * 1000).toBeGreaterThan(delay + DEFAULT_DRAIN_TIMEOUT_MS);
    for (const deployment of deployments)
      expect(podSpec(deployment).terminationGracePeriodSeconds, deployment.metadata.name).toBeGreaterThan(
        shutdownSeconds,
      );
  });

  it('serves the site through an Ingress to the gateway’s Service, with TLS', () => {
    const [ingress] = ofKind(objects, 'Ingress');
    expect(ingress!.spec.ingressClassName).toBe('nginx');
    const [rule] = ingress!.spec.rules;
    expect(rule.host).toMatch(/\./);
    expect(ingress!.spec.tls[0].hosts).toContain(rule.host);
    expect(rule.http.paths[0].backend.service.name).toBe('gateway');
    const gatewayService = ofKind(objects, 'Service').find((s) => s.metadata.name === 'gateway')!;
    expect(gatewayService.spec.ports[0].targetPort).toBe('http');
  });
});

describe('deploy/overlays/production across failure domains', () => {
  it('spreads every role’s pods across zones (strictly) and nodes, each role and ReplicaSet counted on its own', () => {
    for (const deployment of ofKind(rendered.production, 'Deployment')) {
      const constraints = podSpec(deployment).topologySpreadConstraints ?? [];
      const by = Object.fromEntries(constraints.map((c) => [c.topologyKey, c]));
      expect(by['topology.kubernetes.io/zone'], deployment.metadata.name).toMatchObject({
        maxSkew: 1,
        whenUnsatisfiable: 'DoNotSchedule',
      });
      expect(by['kubernetes.io/hostname'], deployment.metadata.name).toMatchObject({ maxSkew: 1 });
      for (const constraint of constraints) {
        expect(constraint.matchLabelKeys).toEqual(['app.kubernetes.io/name', 'pod-template-hash']);
        expect(constraint.labelSelector?.matchLabels).toEqual({ 'app.kubernetes.io/part-of': 'sidequest' });
      }
    }
  });
});

describe('the Kustomize files', () => {
  it('use current fields only (labels, patches, resources), none that Kustomize v5 deprecates', () => {
    const files = [...fs.readdirSync(path.join(ROOT, 'deploy'), { recursive: true, encoding: 'utf8' })].filter((file) =>
      file.endsWith('kustomization.yaml'),
    );
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const text = fs.readFileSync(path.join(ROOT, 'deploy', file), 'utf8');
      expect(text, file).not.toMatch(/^(commonLabels|patchesStrategicMerge|patchesJson6902|bases|vars):/m);
    }
  });
});

/**
 * The script run against a kubectl that only records its arguments (these machines have no cluster), so the
 * order of its steps is what a cluster would be told. `answers` is shell `case` arms that make some calls print
 * or wait, as a cluster would.
 */
function runRollout(
  overlay: string,
  answers = '',
): { calls: string[]; status: number | null; stderr: string; ms: number } {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-rollout-'));
  try {
    const log = path.join(bin, 'calls');
    fs.writeFileSync(
      path.join(bin, 'kubectl'),
      `#!/bin/sh\necho "$*" >> '${log}'\ncase "$*" in\n${answers}\n*) ;;\nesac\n`,
      { mode: 0o755 },
    );
    const started = Date.now();
    const run = spawnSync('bash', [path.join(ROOT, 'deploy/rollout.sh'), overlay], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, JOB_POLL_SECONDS: '1', PATH: `${bin}:${process.env.PATH}` },
    });
    return {
      calls: fs.readFileSync(log, 'utf8').trim().split('\n'),
      status: run.status,
      stderr: run.stderr,
      ms: Date.now() - started,
    };
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

function recordRollout(overlay: string): string[] {
  const run = runRollout(overlay);
  expect(run.status, run.stderr).toBe(0);
  return run.calls;
}

describe('deploy/rollout.sh', () => {
  it('applies the ConfigMap, runs the migrate Jobs to completion, rolls the gateways out, and only then makes the bundles live (registry-sync)', () => {
    const calls = recordRollout('production');
    const at = (pattern: RegExp) => {
      const index = calls.findIndex((call) => pattern.test(call));
      expect(index, `${pattern} in\n${calls.join('\n')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const config = at(/^apply -k overlays\/production -l app.kubernetes.io\/component=config$/);
    const migrate = at(/^apply -k overlays\/production -l app.kubernetes.io\/component=migrate$/);
    const migrated = at(/^-n sidequest wait --for=condition=complete job -l app.kubernetes.io\/component=migrate /);
    const everything = at(/^apply -k overlays\/production -l app.kubernetes.io\/component!=registry-sync$/);
    const gateways = at(/^-n sidequest rollout status deployment\/gateway /);
    const sync = at(/^apply -k overlays\/production -l app.kubernetes.io\/component=registry-sync$/);
    const synced = at(/^-n sidequest wait --for=condition=complete job -l app.kubernetes.io\/component=registry-sync /);
    expect([config, migrate, migrated, everything, gateways, sync, synced]).toEqual(
      [...[config, migrate, migrated, everything, gateways, sync, synced]].sort((a, b) => a - b),
    );
    expect(
      calls.indexOf(
        '-n sidequest delete job -l app.kubernetes.io/component=registry-sync --ignore-not-found --wait=true',
      ),
    ).toBeLessThan(sync);
    // Nothing applies the registry-sync Job before the gateways are ready.
    expect(calls.slice(0, gateways).filter((call) => /^apply -k \S+$/.test(call))).toEqual([]);
  });

  it('stops at once when a Job fails, printing its log, and rolls nothing out', () => {
    const run = runRollout(
      'production',
      [
        `*"get job -l app.kubernetes.io/component=migrate -o name"*) echo job.batch/migrate-account; echo job.batch/migrate-programs ;;`,
        `*"wait --for=condition=failed job.batch/migrate-programs"*) exit 0 ;;`,
        // Every other wait would last its full timeout: the script must not sit through it.
        `*"wait --for="*) exec sleep 40 ;;`,
        `*"logs job.batch/migrate-programs"*) echo "migration 041_example failed: column does not exist" ;;`,
      ].join('\n'),
    );
    expect(run.status).not.toBe(0);
    expect(run.ms).toBeLessThan(20_000);
    expect(run.stderr).toContain('job.batch/migrate-programs failed');
    expect(run.stderr).toContain('migration 041_example failed: column does not exist');
    expect(
      run.calls.filter(
        (call) =>
          call.startsWith('apply -k overlays/production -l app.kubernetes.io/component!=') ||
          call.includes('rollout status'),
      ),
    ).toEqual([]);
  });

  it('stops when the Jobs do not complete in time, saying so', () => {
    const run = runRollout(
      'production',
      `*"wait --for=condition=complete job -l app.kubernetes.io/component=migrate"*) exit 1 ;;`,
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/component=migrate Jobs did not complete/);
  });

  it('selects, with each of its labels, the objects the step needs: the ConfigMap, the migrate Jobs, the sync Job and its network policy', () => {
    const objects = rendered.production;
    const selected = (component: string) =>
      objects
        .filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === component)
        .map((o) => `${o.kind}/${o.metadata.name}`)
        .sort();
    expect(selected('config')).toEqual([expect.stringMatching(/^ConfigMap\/sidequest-config-/)]);
    expect(selected('migrate')).toEqual(SCHEMAS.map((schema) => `Job/migrate-${schema}`).sort());
    expect(selected('registry-sync')).toEqual(['Job/registry-sync', 'NetworkPolicy/registry-sync-to-postgresql']);
  });
});

describe('deploy/components/bundle-host (bundles on a static host)', () => {
  // As deploy/README.md tells an operator: the production overlay with the component added to its kustomization.
  const name = `.bundle-host-test-${process.pid}`;
  const dir = path.join(ROOT, 'deploy/overlays', name);
  fs.cpSync(path.join(ROOT, 'deploy/overlays/production'), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'kustomization.yaml'), 'components:\n  - ../../components/bundle-host\n');
  let objects: K8sObject[];
  let calls: string[];
  try {
    objects = render(name);
    calls = recordRollout(name);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ofComponent = (component: string) =>
    objects.filter((o) => o.metadata.labels?.['app.kubernetes.io/component'] === component);

  it('adds the publish-bundles Job, its volume claim and its network policy, each valid, in the namespace', () => {
    const added = ofComponent('publish-bundles');
    expect(added.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'Job/publish-bundles',
      'NetworkPolicy/publish-bundles-isolated',
      'PersistentVolumeClaim/bundle-host',
    ]);
    for (const object of added) {
      expect(
        () => new MODELS[`${object.apiVersion}/${object.kind}`]!(object as never).validate(),
        `${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
      expect(object.metadata.namespace).toBe('sidequest');
    }
  });

  it('copies into the host’s claim from the one image, as non-root on a read-only root, with no network at all', () => {
    const [job] = ofKind(ofComponent('publish-bundles'), 'Job');
    const spec = podSpec(job!);
    const [container] = spec.containers;
    expect(container!.args).toEqual(['publish-bundles']);
    expect(container!.image).toBe(
      podSpec(ofKind(objects, 'Deployment').find((d) => d.metadata.name === 'gateway')!).containers[0]!.image,
    );
    expect(spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(container!.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    const storeDir = container!.env?.find((v) => v.name === 'BUNDLE_STORE_DIR')?.value;
    const mount = container!.volumeMounts?.find((m) => m.mountPath === storeDir);
    expect(spec.volumes?.find((v) => v.name === mount?.name)?.persistentVolumeClaim?.claimName).toBe('bundle-host');
    const [policy] = ofKind(ofComponent('publish-bundles'), 'NetworkPolicy');
    expect(policy!.spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'publish-bundles' } },
      policyTypes: ['Ingress', 'Egress'],
    });
  });

  it('is published by rollout.sh after the migrations and before registry-sync; an overlay without it has no such step', () => {
    const at = (pattern: RegExp) => calls.findIndex((call) => pattern.test(call));
    const migrated = at(/wait --for=condition=complete job -l app.kubernetes.io\/component=migrate /);
    const published = at(/wait --for=condition=complete job -l app.kubernetes.io\/component=publish-bundles /);
    const sync = at(/apply -k \S+ -l app.kubernetes.io\/component=registry-sync$/);
    expect(migrated).toBeGreaterThanOrEqual(0);
    expect([migrated, published, sync]).toEqual([migrated, published, sync].sort((a, b) => a - b));
    expect(published).toBeGreaterThan(migrated);
    expect(recordRollout('production').some((call) => call.includes('publish-bundles'))).toBe(false);
  });
});

/** The production overlay with a component added as deploy/README.md tells, rendered (the copy removed after). */
function renderWithComponent(component: string, dropPatch?: string): K8sObject[] {
  const name = `.${component}-test-${process.pid}`;
  const dir = path.join(ROOT, 'deploy/overlays', name);
  fs.cpSync(path.join(ROOT, 'deploy/overlays/production'), dir, { recursive: true });
  const file = path.join(dir, 'kustomization.yaml');
  const text = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !dropPatch || !line.includes(dropPatch))
    .join('\n');
  fs.writeFileSync(file, `${text}\ncomponents:\n  - ../../components/${component}\n`);
  try {
    return render(name);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('deploy/components/queue-scaler (the worker scaled on its queue by KEDA)', () => {
  const objects = renderWithComponent('queue-scaler', 'worker-scale.yaml');
  const [scaled] = ofKind(objects, 'ScaledObject');
  const [auth] = ofKind(objects, 'TriggerAuthentication');

  it('replaces the worker’s CPU autoscaler, and only that one', () => {
    const hpas = ofKind(objects, 'HorizontalPodAutoscaler')
      .map((h) => h.spec.scaleTargetRef.name)
      .sort();
    expect(hpas).toEqual(
      ofKind(objects, 'Deployment')
        .map((d) => d.metadata.name)
        .filter((name) => name !== 'programs-worker')
        .sort(),
    );
    for (const object of objects.filter((o) => MODELS[`${o.apiVersion}/${o.kind}`])) {
      expect(
        () => new MODELS[`${object.apiVersion}/${object.kind}`]!(object as never).validate(),
        `${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
    }
  });

  it('scales the programs-worker Deployment on the jobs waiting in programs_jobs, with the programs role’s database', () => {
    expect(scaled).toMatchObject({
      apiVersion: 'keda.sh/v1alpha1',
      metadata: { namespace: 'sidequest' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'programs-worker' } },
    });
    expect(scaled!.spec.minReplicaCount).toBeGreaterThanOrEqual(2);
    expect(scaled!.spec.maxReplicaCount).toBeGreaterThan(scaled!.spec.minReplicaCount);
    const [trigger] = scaled!.spec.triggers;
    expect(trigger.type).toBe('postgresql');
    expect(trigger.metadata.query).toMatch(/from programs_jobs\.job where/);
    expect(Number(trigger.metadata.targetQueryValue)).toBeGreaterThan(0);
    expect(trigger.authenticationRef.name).toBe(auth!.metadata.name);
    expect(auth).toMatchObject({
      apiVersion: 'keda.sh/v1alpha1',
      spec: { secretTargetRef: [{ parameter: 'connection', name: 'sidequest-database', key: 'programs' }] },
    });
    expect(documentedSecretKeys.has('sidequest-database/programs')).toBe(true);
  });
});

describe('deploy/components/monitoring (scraped and alerted)', () => {
  const objects = renderWithComponent('monitoring');
  const [podMonitor] = ofKind(objects, 'PodMonitor');
  const [rule] = ofKind(objects, 'PrometheusRule');
  const expressions = (rule?.spec.groups ?? [])
    .flatMap((group: { rules: Array<{ expr: string }> }) => group.rules.map((r) => r.expr))
    .join('\n');

  it('scrapes /metrics on the ops port of every role’s pods, in the namespace', () => {
    expect(podMonitor).toMatchObject({
      apiVersion: 'monitoring.coreos.com/v1',
      metadata: { namespace: 'sidequest' },
      spec: { podMetricsEndpoints: [{ port: 'ops', path: '/metrics' }] },
    });
    for (const deployment of ofKind(objects, 'Deployment')) {
      const labels = deployment.spec.template.metadata.labels as Record<string, string>;
      expect(
        Object.entries(podMonitor!.spec.selector.matchLabels as Record<string, string>).every(
          ([key, value]) => labels[key] === value,
        ),
        deployment.metadata.name,
      ).toBe(true);
      expect(
        podSpec(deployment).containers[0]!.ports?.some((p) => p.name === 'ops'),
        deployment.metadata.name,
      ).toBe(true);
    }
  });

  it('alerts on 5xx, targets down, unready pods, the job queue, canary rollbacks and reconciliation mismatches, each from a metric that exists', () => {
    const alerts = rule!.spec.groups.flatMap((group: { rules: Array<{ alert: string }> }) =>
      group.rules.map((r) => r.alert),
    );
    expect(alerts).toEqual([
      'SidequestHighErrorRate',
      'SidequestTargetDown',
      'SidequestPodsNotReady',
      'SidequestJobQueueBacklog',
      'SidequestCanaryRolledBack',
      'SidequestReconciliationMismatch',
    ]);
    // The site's own metrics, as the code names them (Prometheus' `up` and kube-state-metrics' come from those).
    const sources = [
      'packages/service-kit/src/ops.ts',
      'services/programs/src/jobs/queue.ts',
      'api-gateway/src/releases/releases-plugin.ts',
    ]
      .map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'))
      .join('\n');
    for (const metric of ['http_request_duration_seconds', 'job_queue_depth', 'release_canary_rollbacks_total']) {
      expect(expressions).toContain(metric);
      expect(sources, metric).toContain(`'${metric}'`);
    }
    // Exported by the money reconciliation (programs) once it lands; the rule is ready for it.
    expect(expressions).toContain('reconciliation_open_mismatches');
  });

  it('passes its unit tests (promtool test rules; CI installs Debian’s prometheus package)', () => {
    const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
    if (promtool.error) {
      // Only a developer's machine without promtool may skip; CI must run it.
      expect(process.env.CI, 'promtool is missing: .ci/run installs Debian’s prometheus package').not.toBe('true');
      console.warn('promtool not installed (Debian: prometheus): the alert rules’ unit tests were not run');
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-rules-'));
    try {
      fs.writeFileSync(path.join(dir, 'rules.yml'), stringify(rule!.spec));
      fs.copyFileSync(path.join(ROOT, 'deploy/components/monitoring/rules.test.yml'), path.join(dir, 'rules.test.yml'));
      const check = spawnSync('promtool', ['check', 'rules', 'rules.yml'], { cwd: dir, encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const test = spawnSync('promtool', ['test', 'rules', 'rules.test.yml'], { cwd: dir, encoding: 'utf8' });
      expect(test.status, test.stdout + test.stderr).toBe(0);
      expect(test.stdout).toContain('SUCCESS');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an overlay given the digest of the pushed image', () => {
  it('pins every Deployment and Job to that digest (what build-image.sh prints to set)', () => {
    const digest = `sha256:${'0123456789abcdef'.repeat(4)}`;
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'sq-deploy-digest-'));
    try {
      fs.cpSync(path.join(ROOT, 'deploy'), copy, { recursive: true });
      const file = path.join(copy, 'overlays/production/kustomization.yaml');
      const overlay = fs.readFileSync(file, 'utf8');
      expect(overlay).toMatch(/^ {4}newTag: .+$/m);
      // What `kustomize edit set image sidequest=<repository>@<digest>` writes in place of the tag.
      fs.writeFileSync(file, overlay.replace(/^ {4}newTag: .+$/m, `    digest: ${digest}`));
      const result = spawnSync(KUBECTL, ['kustomize', path.join(copy, 'overlays/production')], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      const pinned = containers(
        parseAllDocuments(result.stdout)
          .map((document) => document.toJS() as K8sObject)
          .filter(Boolean),
      );
      expect(pinned.length).toBeGreaterThan(5);
      for (const [where, container] of pinned)
        expect(container.image, where).toBe(`registry.example.com/sidequest@${digest}`);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('the container image (Dockerfile)', () => {
  /** Instructions with continuation lines joined and comments dropped. */
  const instructions = fs
    .readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
  const stages = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args);
  const lastStage = instructions.slice(instructions.map((i) => i.keyword).lastIndexOf('FROM'));

  it('builds in stages from Node 24 (LTS) images pinned by version, never `latest`', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const names = stages.map((args) => args.split(/\s+AS\s+/i)[1]).filter(Boolean);
    for (const args of stages) {
      const image = args.split(/\s+/)[0]!;
      if (names.includes(image)) continue;
      expect(image).toMatch(/^node:24\.\d+\.\d+-[a-z0-9-]+$/);
    }
    expect(instructions.map((i) => i.args).join('\n')).not.toMatch(/:latest\b/);
    expect(instructions.some((i) => i.keyword === 'RUN' && i.args.includes('--frozen-lockfile'))).toBe(true);
    expect(instructions.some((i) => i.keyword === 'RUN' && i.args.includes('--prod'))).toBe(true);
  });

  it("ships compiled JavaScript and a production install of the server runtime, not the build stage's tree", () => {
    const copies = lastStage.filter((i) => i.keyword === 'COPY').map((i) => i.args);
    expect(copies.length).toBeGreaterThan(0);
    // Only named outputs of the build stage: never its whole /app (sources, dev dependencies, browsers, tools).
    for (const copy of copies)
      expect(copy, copy).toMatch(
        /^--from=build \/(out\/server-runtime|app\/(shell\/dist|cdn|services\/content\/assets)) /,
      );
    const build = instructions
      .filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join('\n');
    expect(build).toContain('server-build');
    expect(build).toMatch(/--filter @sq\/server-runtime deploy --prod/);
  });

  it('runs the role entry as a user other than root', () => {
    const user = lastStage
      .filter((i) => i.keyword === 'USER')
      .map((i) => i.args)
      .pop();
    expect(user).toBeDefined();
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/);
    const entrypoint = JSON.parse(lastStage.find((i) => i.keyword === 'ENTRYPOINT')!.args) as string[];
    expect(entrypoint).toEqual(['node', 'packages/server-runtime/dist/role.mjs']);
    const command = JSON.parse(lastStage.find((i) => i.keyword === 'CMD')!.args) as string[];
    expect(Object.keys(ROLES)).toContain(command[0]);
  });

  it('keeps dependencies and local state out of the build context', () => {
    const ignored = fs
      .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '.data', '.git']));
  });

  it('the build script says what it needs and refuses `latest`', () => {
    const script = path.join(ROOT, 'deploy/build-image.sh');
    const usage = spawnSync('bash', [script], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/needs Docker and a registry/);
    const latest = spawnSync('bash', [script, 'registry.example.com/sidequest', 'latest'], { encoding: 'utf8' });
    expect(latest.status).toBe(2);
    expect(latest.stderr).toMatch(/refusing the tag 'latest'/);
  });
});
