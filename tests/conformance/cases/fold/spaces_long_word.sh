printf 'a verylongwordhere b\n' | fold -s -w 5 | sed -n l
