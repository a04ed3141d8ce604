printf 'k a\nk b\nl c\n' > x; printf 'k 1\nk 2\nm 3\n' > y
join -a1 -a2 x y
join -v1 -o 1.2 x y
