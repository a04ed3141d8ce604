printf '1 a p\n2 b q\n' > x; printf '1 A\n2 B\n' > y
join -o 1.3,2.2,0 x y
