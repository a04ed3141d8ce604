printf 'a\n' > one; printf 'b\n' > two; egrep -l 'a|b' one two; fgrep -L a one two
