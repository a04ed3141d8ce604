printf 'a.c\nabc\n' | fgrep a.c; printf 'a.c\nabc\n' | egrep 'a.c'
