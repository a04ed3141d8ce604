# check-stderr
set -o -- a b | head -2
echo "n=$#"
set -o -u
echo "[${-//[^u]/}]"
set +u
set +o -- | head -1
