# check-stderr
# The RETURN trap after a sourced file is traced at the file's level (++).
printf 'echo in "$@"\nreturn 3\necho no\n' > s.sh
trap 'echo ret' RETURN
set -x
source ./s.sh a b
echo "st=$? $#"
