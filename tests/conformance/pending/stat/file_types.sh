printf 'x' > f; : > e; mkdir d
stat -c '%F|%n' f e d
