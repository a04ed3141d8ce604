set -a
exported_one=1
set +a
not_exported=2
env | grep -E '^(exported_one|not_exported)='
