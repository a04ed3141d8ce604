umask 027; printf 'x' > f
stat -c '%a %A' f
