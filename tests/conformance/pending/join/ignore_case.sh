printf 'A 1\nb 2\n' > x; printf 'a x\nB y\n' > y
join -i x y
