printf 'h1 x\n1 a\n' > x; printf 'h2 y\n' > y
join --header -a1 x y
printf 'h1 x\n' > x; : > y
join --header x y
