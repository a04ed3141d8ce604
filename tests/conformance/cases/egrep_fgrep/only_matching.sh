printf 'ab12cd345\n' | egrep -o '[0-9]+'; printf 'a.b.c\n' | fgrep -o .
