printf 'k1  a1\nk2 xa1\nk3 ya1\nk4 zb2\n' | uniq -f 1 -s 2 -c
