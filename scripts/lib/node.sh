# shellcheck shell=bash
# The pinned Node.js for ./scripts/start and ./scripts/test (docs/decisions/0014-node-24.md).
# Sourced, never executed. `use_node VERSION` puts a Node of that major version (or newer, for the
# pinned one) first on PATH: the machine's own when it is new enough, else the official binary from
# the npm registry's `node-linux-<arch>` package, unpacked once into a cache folder
# (NODE_CACHE_DIR, default ~/.cache/cpd-node). Only the npm registry is needed.
#
# ROOT must be set by the caller (the repository root); log and warn come from scripts/lib/env.sh.

NODE_CACHE_DIR="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cpd-node}"

# node_binary_for VERSION: prints the bin directory of that exact Node version, installing it.
node_binary_for() {
  local version="$1" arch dir tmp
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      warn "no node-linux package for $(uname -m)"
      return 1
      ;;
  esac
  dir="$NODE_CACHE_DIR/$version-$arch"
  if [[ ! -x "$dir/bin/node" ]]; then
    log "installing Node $version (npm package node-linux-$arch) into $dir"
    tmp="$(mktemp -d)"
    if ! (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null 2>&1); then
      rm -rf "$tmp"
      warn "could not fetch node-linux-$arch@$version from the npm registry"
      return 1
    fi
    mkdir -p "$tmp/x" && tar -xzf "$tmp"/node-linux-*.tgz -C "$tmp/x" package/bin/node
    mkdir -p "$dir/bin" && mv "$tmp/x/package/bin/node" "$dir/bin/node.partial" &&
      mv "$dir/bin/node.partial" "$dir/bin/node"
    rm -rf "$tmp"
  fi
  "$dir/bin/node" -e 'process.exit(0)' || return 1
  printf '%s\n' "$dir/bin"
}

# use_node [VERSION]: the pinned version (.node-version) by default. The machine's node is kept when
# its major version is the pinned one and it is at least as new.
use_node() {
  local want="${1:-$(tr -d ' \n' <"$ROOT/.node-version")}" have bin
  have="$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)"
  if [[ "${have%%.*}" == "${want%%.*}" ]] &&
    [[ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -n 1)" == "$want" ]]; then
    return 0
  fi
  bin="$(node_binary_for "$want")" || return 1
  export PATH="$bin:$PATH"
  hash -r
  log "Node $(node -p 'process.versions.node') ($bin; the machine has $have)"
}
