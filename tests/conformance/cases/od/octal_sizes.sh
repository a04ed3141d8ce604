printf '\001\002\003\004' | od -A n -t o1 -t o2 -t o4
