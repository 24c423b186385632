#!/usr/bin/env bash
# Rolls an overlay out: the migration Jobs first, then (with a static bundle host) the publish-bundles Job,
# then the registry-sync Job, then everything else.
# deploy/rollout.sh <staging|production>
# Needs kubectl with the cluster's credentials; the image tag in the overlay must already be pushed.
set -euo pipefail
cd "$(dirname "$0")"

overlay="overlays/${1:?usage: $0 <staging|production>}"
[ -f "$overlay/kustomization.yaml" ] || { echo "no overlay $overlay" >&2; exit 2; }
namespace="$(sed -n 's/^namespace: *//p' "$overlay/kustomization.yaml")"

# Runs the overlay's Jobs of one component to completion. A Job's template cannot change: the previous
# release's Jobs go first.
run_jobs() {
  local selector="app.kubernetes.io/component=$1"
  kubectl -n "$namespace" delete job -l "$selector" --ignore-not-found --wait=true
  kubectl apply -k "$overlay" -l "$selector"
  kubectl -n "$namespace" wait --for=condition=complete job -l "$selector" --timeout="$2"
}

# The ConfigMap first: the Jobs read it (a new one gets a new name; the running pods keep theirs).
kubectl apply -k "$overlay" -l app.kubernetes.io/component=config
# Every schema at head, then the remote registry learns this image's bundles (it writes the gateway schema).
run_jobs migrate 15m
# With the bundle-host component, the host has this image's bundles before the registry points at them.
if grep -q 'components/bundle-host' "$overlay/kustomization.yaml"; then
  run_jobs publish-bundles 10m
fi
run_jobs registry-sync 10m
kubectl apply -k "$overlay"
for deployment in $(kubectl -n "$namespace" get deployment -l app.kubernetes.io/part-of=sidequest -o name); do
  kubectl -n "$namespace" rollout status "$deployment" --timeout=10m
done
