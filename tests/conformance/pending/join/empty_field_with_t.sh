printf 'k,,c\n' > x; printf 'k,z\n' > y
join -t , x y
