printf 'AB\n' | hexdump -b
printf 'AB\n' | hexdump -c
