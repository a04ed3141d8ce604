printf 'x\ny\n' | { readarray -t r; echo "${r[*]}"; }
