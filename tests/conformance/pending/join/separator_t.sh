printf 'k1:a\nk2:b\n' > x; printf 'k1:A:AA\nk2:B:BB\n' > y
join -t : x y
