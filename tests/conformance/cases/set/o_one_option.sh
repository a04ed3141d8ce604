set -o errexit
set -o | grep -E '^(errexit|nounset) '
set +o | grep -E 'errexit|nounset'
