printf 'hello' > f
stat -c '%s %n' f
