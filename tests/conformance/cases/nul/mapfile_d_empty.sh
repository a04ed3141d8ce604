printf 'x\0y\0' | { mapfile -t -d '' a; echo "${#a[@]} ${a[1]}"; }
