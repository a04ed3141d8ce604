printf '1 a\n1 b\n' > x; printf '1 X\n1 Y\n' > y
join x y
