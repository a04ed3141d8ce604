mapfile -t arr < <(printf 'p\nq\n')
echo "${#arr[@]} ${arr[1]}"
