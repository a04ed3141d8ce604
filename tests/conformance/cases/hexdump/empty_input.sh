printf '' | hexdump -C | od -c
printf '' | hexdump | od -c
