[[ -n a && ! -z a ]] && echo and
[[ -z a || -n b ]] && echo or
[[ ( -n a || -z a ) && -n c ]] && echo grouped
