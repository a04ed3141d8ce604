printf 'id name\n1 a\n2 b\n' > x; printf 'id val\n1 10\n2 20\n' > y
join --header x y
