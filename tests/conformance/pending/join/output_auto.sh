printf '1 a b\n2 c\n' > x; printf '1 A\n2 B C\n' > y
join -o auto -e - x y
