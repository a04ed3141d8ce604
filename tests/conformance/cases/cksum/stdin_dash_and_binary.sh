printf '\0\377\n' | cksum -
printf '\0\377\n' | cksum -a md5 -
