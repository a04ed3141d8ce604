printf 'x=$X' | X=5 envsubst | od -c
printf '$' | envsubst | od -c
printf '${' | envsubst | od -c
