printf 'ab' > f
stat -c '%s' f f | sed -n l
