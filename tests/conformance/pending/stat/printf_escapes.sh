printf 'ab' > f
stat --printf '%n\t%s\n' f
