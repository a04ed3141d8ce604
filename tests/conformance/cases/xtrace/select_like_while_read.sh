# check-stderr
set -x
while read -r l; do echo "$l"; done <<< a
