set -e -o pipefail
shopt -o | head -5
shopt -po errexit pipefail xtrace
echo "status=$?"
