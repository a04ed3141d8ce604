printf 'abc' > f; ln -s f l
stat -L -c '%s %F' l
