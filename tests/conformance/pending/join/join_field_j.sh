printf 'a 1\nb 2\n' > x; printf 'c 1\nd 2\n' > y
join -j 2 x y
