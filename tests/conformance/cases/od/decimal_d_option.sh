printf '\001\000\377\377' | od -A n -d
