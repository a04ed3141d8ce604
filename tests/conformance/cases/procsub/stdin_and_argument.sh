paste - <(printf '1\n2\n') < <(printf 'a\nb\n')
