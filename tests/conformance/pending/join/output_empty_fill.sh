printf '1 a\n2 b\n' > x; printf '1 A\n3 C\n' > y
join -a 1 -a 2 -e NULL -o 0,1.2,2.2 x y
