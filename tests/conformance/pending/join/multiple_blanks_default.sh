printf '1   a\n' > x; printf '  1 A\n' > y
join x y
