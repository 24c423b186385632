#!/usr/bin/env bash
# Rolls an overlay out: the migration Jobs first, then (with a static bundle host) the publish-bundles Job,
# then every Deployment; the remote registry (the registry-sync Job) points at this image's bundles only once
# the gateways that serve them are rolled out and ready; then the other roles' rollouts are awaited.
# deploy/rollout.sh <staging|production>
# Needs kubectl with the cluster's credentials; the image in the overlay must already be pushed.
# A Job that fails stops the rollout at once, with its log (JOB_POLL_SECONDS between looks, default 5).
set -euo pipefail
cd "$(dirname "$0")"

overlay="overlays/${1:?usage: $0 <staging|production>}"
[ -f "$overlay/kustomization.yaml" ] || { echo "no overlay $overlay" >&2; exit 2; }
namespace="$(sed -n 's/^namespace: *//p' "$overlay/kustomization.yaml")"
poll="${JOB_POLL_SECONDS:-5}"

# Waits until every Job of the selector is complete, or stops the rollout the moment one has failed (its
# backoffLimit spent or its deadline passed): `kubectl wait --for=condition=complete` on the whole set races one
# `--for=condition=failed` per Job, and whichever ends first decides.
wait_jobs() {
  local selector="$1" timeout="$2" failed_log
  failed_log="$(mktemp)"
  local watchers=()
  kubectl -n "$namespace" wait --for=condition=complete job -l "$selector" --timeout="$timeout" &
  local complete=$!
  for job in $(kubectl -n "$namespace" get job -l "$selector" -o name); do
    (kubectl -n "$namespace" wait --for=condition=failed "$job" --timeout="$timeout" >/dev/null 2>&1 && echo "$job" >>"$failed_log") &
    watchers+=($!)
  done
  local status=0
  while :; do
    if [ -s "$failed_log" ]; then
      kill "$complete" "${watchers[@]}" 2>/dev/null || true
      local job
      job="$(head -n 1 "$failed_log")"
      echo "rollout stopped: $job failed; its log:" >&2
      kubectl -n "$namespace" logs "$job" --all-containers --tail=200 >&2 || true
      rm -f "$failed_log"
      exit 1
    fi
    if ! kill -0 "$complete" 2>/dev/null; then
      wait "$complete" || status=$?
      # A failure seen in the same moment still wins over a wait that gave up.
      sleep 0.2
      [ -s "$failed_log" ] && continue
      kill "${watchers[@]}" 2>/dev/null || true
      rm -f "$failed_log"
      if [ "$status" -ne 0 ]; then
        echo "rollout stopped: the $selector Jobs did not complete within $timeout" >&2
        exit 1
      fi
      return 0
    fi
    sleep "$poll"
  done
}

# Runs the overlay's Jobs of one component to completion. A Job's template cannot change: the previous
# release's Jobs go first.
run_jobs() {
  local selector="app.kubernetes.io/component=$1"
  kubectl -n "$namespace" delete job -l "$selector" --ignore-not-found --wait=true
  kubectl apply -k "$overlay" -l "$selector"
  wait_jobs "$selector" "$2"
}

# The ConfigMap first: the Jobs read it (a new one gets a new name; the running pods keep theirs).
kubectl apply -k "$overlay" -l app.kubernetes.io/component=config
# Every schema at head (expand steps only: the previous release keeps working against it; deploy/README.md).
run_jobs migrate 15m
# With the bundle-host component, the host has this image's bundles before the registry points at them.
if grep -q 'components/bundle-host' "$overlay/kustomization.yaml"; then
  run_jobs publish-bundles 10m
fi
# Everything but the registry-sync Job: the new gateways carry this image's bundles, the old ones still serve
# the registry's current versions.
kubectl apply -k "$overlay" -l 'app.kubernetes.io/component!=registry-sync'
kubectl -n "$namespace" rollout status deployment/gateway --timeout=10m
# Only now does the registry name the new bundles: every gateway that answers can serve them.
run_jobs registry-sync 10m
for deployment in $(kubectl -n "$namespace" get deployment -l app.kubernetes.io/part-of=sidequest -o name); do
  kubectl -n "$namespace" rollout status "$deployment" --timeout=10m
done
