printf '\0\377\001' | sha256sum
