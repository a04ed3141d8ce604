printf 'one\0two\0' | while read -r -d '' x; do echo "[$x]"; done
