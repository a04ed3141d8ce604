printf '1 a\n2 b\n' > x; printf '1 A\n3 C\n' > y
join -v 1 x y; echo --; join -v 2 x y
