printf 'x' > f
stat -c '%h %n' f
