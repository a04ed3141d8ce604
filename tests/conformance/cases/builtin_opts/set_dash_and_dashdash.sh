# check-stderr
set -- a b
set --
echo "n=$#"
set - r s
echo "$1$2"
set -eu -- z
echo "$1 ${-//[^eu]/}"
set +eu
set -o pipefail -o noglob
echo "${-//[^f]/} $(set -o | grep pipefail)"
set -o nosuch
echo "st=$?"
