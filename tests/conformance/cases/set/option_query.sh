set -o pipefail
[[ -o pipefail ]] && echo on
set +o pipefail
[[ -o pipefail ]] || echo off
