printf 'a 1\nb 2\n' > x; printf 'X 1\nY 3\n' > y
join -1 2 -2 2 x y
