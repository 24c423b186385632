#!/usr/bin/env bash
# Builds the site's one image and pushes it: deploy/build-image.sh <registry/repository> [tag]
# e.g. deploy/build-image.sh registry.example.com/sidequest 2026.11.26-1
# Needs a Docker engine (docker build/push) and a registry you are logged in to; the tag defaults to the
# current commit. The overlays then take the pushed image's digest (deploy/README.md: "A fresh cluster", step 1).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
  echo "usage: $0 <registry/repository> [tag]   (needs Docker and a registry)" >&2
  exit 2
fi
repository="$1"
tag="${2:-$(git rev-parse --short=12 HEAD)}"
if [ "$tag" = latest ]; then
  echo "refusing the tag 'latest': a Deployment must name the exact image it runs" >&2
  exit 2
fi
if ! docker info >/dev/null 2>&1; then
  echo "no Docker engine answers here: building the image needs one (and pushing it needs a registry)" >&2
  exit 1
fi
if [ -n "$(git status --porcelain)" ]; then
  echo "the work tree has uncommitted changes: the image would not be the commit its tag names" >&2
  exit 1
fi

docker build --pull --tag "$repository:$tag" .
docker push "$repository:$tag"
# The registry's digest of what was pushed: a tag can be moved, a digest names these exact bytes.
pinned="$(docker inspect --format '{{index .RepoDigests 0}}' "$repository:$tag")"
echo "pushed $repository:$tag ($pinned)"
echo "next: cd deploy/overlays/<staging|production> && kustomize edit set image sidequest=$pinned"
