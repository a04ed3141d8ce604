printf 'ab' > f
stat --printf '%s' f; echo '|'
