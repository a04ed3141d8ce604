printf '1 a\n2 b\n3 c\n' > x; printf '1 A\n3 C\n4 D\n' > y
join x y
