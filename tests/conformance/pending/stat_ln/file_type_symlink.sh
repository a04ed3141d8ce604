printf 'x' > f; ln -s f l
stat -c '%F|%n' l
