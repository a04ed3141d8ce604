printf '' | xxd | od -c
printf '' | xxd -p | od -c
printf '' | xxd -i
