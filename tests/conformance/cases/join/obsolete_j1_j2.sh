printf 'a 1\nb 2\n' > x; printf '1 X\n2 Y\n' > y
join -j1 2 x y
join -j1 2 -j2 1 x y
join -j2 1 y x; echo "status $?"
