printf 'text\0more\n' > bin
grep -c text bin
grep -a -o more bin
